import type { Worker } from 'node:worker_threads';
import { typeScriptWorker } from './typescript-worker';

/**
 * Local execution environments on worker threads: Lambda runs each concurrent invocation of a
 * function in an environment of its own (its own process, CPU and module state) and reuses a warm
 * one for the next invocation. Here each environment is a worker thread (lambda-thread.ts) that
 * loads the same handler module and runs one invocation at a time; there are as many as the most
 * invocations that ran at once. A work queue uses them when asked (infra/local/work-queues.ts,
 * `threads`), so its consumers stop sharing the local server's thread.
 */
interface Environment {
  worker: Worker;
  busy: boolean;
  ready: Promise<void>;
  pending: Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>;
}

interface Reply {
  id: number;
  ok: boolean;
  result?: unknown;
  /** The invocation's CPU time on its thread (ms, 10 ms steps; Linux only). */
  cpuMs?: number;
  error?: { name: string; message: string; stack?: string };
}

export class LambdaThreads {
  private readonly environments: Environment[] = [];
  private nextId = 0;

  /** How many environments exist (each started once, then reused). */
  get size() {
    return this.environments.length;
  }

  /** Starts environments until there are `count` and loads the handler in each (Lambda's init phase). */
  async warm(entry: string, count: number): Promise<void> {
    while (this.environments.length < count) this.spawn();
    await Promise.all(this.environments.map((env) => this.call(env, { kind: 'load', entry })));
  }

  async invoke(entry: string, name: string, event: unknown, timeoutMs: number) {
    const env = this.environments.find((e) => !e.busy) ?? this.spawn();
    env.busy = true;
    try {
      const reply = await this.call(env, { kind: 'invoke', entry, name, event, timeoutMs });
      return { result: reply.result, cpuMs: reply.cpuMs };
    } finally {
      env.busy = false;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.environments.splice(0).map((env) => env.worker.terminate()));
  }

  private async call(env: Environment, message: Record<string, unknown>): Promise<Reply> {
    await env.ready;
    const id = this.nextId++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      env.pending.set(id, { resolve, reject });
      env.worker.postMessage({ ...message, id });
    });
    if (!reply.ok) {
      const error = new Error(reply.error?.message ?? 'invocation failed');
      error.name = reply.error?.name ?? 'Error';
      if (reply.error?.stack) error.stack = reply.error.stack;
      throw error;
    }
    return reply;
  }

  private spawn(): Environment {
    const worker = typeScriptWorker(new URL('./lambda-thread.ts', import.meta.url), { env: { ...process.env } });
    worker.unref();
    let started: () => void;
    let notStarted: (error: Error) => void;
    const env: Environment = {
      worker,
      busy: false,
      ready: new Promise<void>((resolve, reject) => {
        started = resolve;
        notStarted = reject;
      }),
      pending: new Map(),
    };
    env.ready.catch(() => undefined);
    const fail = (error: Error) => {
      notStarted(error);
      for (const { reject } of env.pending.values()) reject(error);
      env.pending.clear();
      const i = this.environments.indexOf(env);
      if (i >= 0) this.environments.splice(i, 1);
    };
    worker.on('message', (message: Reply | { ready: true }) => {
      if ('ready' in message) return started();
      const waiting = env.pending.get(message.id);
      env.pending.delete(message.id);
      waiting?.resolve(message);
    });
    // A crashed environment fails its invocation (the queue receives the batch again) and is replaced.
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`execution environment exited (${code})`)));
    this.environments.push(env);
    return env;
  }
}
