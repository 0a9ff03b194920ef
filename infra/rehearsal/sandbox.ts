import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One AWS SDK call a bundle made, as the sandbox's middleware saw it before sending. */
export interface SdkCall {
  clientName: string;
  commandName: string;
  input: Record<string, unknown>;
}

export interface LoadFigures {
  loadMs: number;
  rssBytes: number;
  heapUsedBytes: number;
}

export interface SandboxEvents {
  /** Returns AWS's refusal message when the function's policy does not allow the call. */
  onSdkCall(call: SdkCall): string | undefined;
  onAbsentEnv(name: string): void;
}

/** What sandbox.mjs posts. */
type SandboxMessage =
  | { type: 'ready' }
  | { type: 'loaded'; loadMs?: number; rss?: number; heapUsed?: number; error?: Error }
  | ({ type: 'sdk'; id: number } & SdkCall)
  | { type: 'env'; name: string }
  | { type: 'result'; id: string; value?: unknown; error?: Error }
  | { type: 'crash'; error: Error };

const sandboxFile = fileURLToPath(new URL('./lambda-sandbox.mjs', import.meta.url));

/**
 * A Lambda execution environment for one function: a fresh `node` process (no loader, no project
 * environment) that imports the function's asset and runs its handler for each event.
 */
export class Sandbox {
  private readonly child: ChildProcess;
  private readonly pending = new Map<string, { resolve(v: unknown): void; reject(e: Error): void }>();
  private output = '';
  private loaded?: Promise<LoadFigures>;
  private ready: Promise<void>;

  public constructor(
    private readonly info: {
      /** How messages name the function (its service name). */
      label: string;
      functionName: string;
      functionArn: string;
      memoryMb: number;
      timeoutSeconds: number;
      file: string;
      exportName: string;
      env: Record<string, string>;
    },
    events: SandboxEvents,
  ) {
    this.child = fork(sandboxFile, [], {
      execArgv: [],
      env: info.env,
      cwd: path.dirname(info.file),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    // The function's own log lines: kept (the tail) for the message when something fails.
    const keep = (d: Buffer) => (this.output = (this.output + String(d)).slice(-6000));
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    let readyNow: () => void;
    this.ready = new Promise((r) => (readyNow = r));
    let loadedNow: (m: { loadMs?: number; rss?: number; heapUsed?: number; error?: Error }) => void;
    const loadedMessage = new Promise<Parameters<typeof loadedNow>[0]>((r) => (loadedNow = r));
    this.loaded = loadedMessage.then((m) => {
      if (m.error) throw new Error(`${info.label}: its asset does not load: ${m.error.message}`);
      return { loadMs: m.loadMs!, rssBytes: m.rss!, heapUsedBytes: m.heapUsed! };
    });
    this.loaded.catch(() => undefined);
    this.child.on('message', (m: SandboxMessage) => {
      if (m.type === 'ready') readyNow();
      else if (m.type === 'loaded') loadedNow(m);
      else if (m.type === 'sdk') {
        let denied: string | undefined;
        try {
          denied = events.onSdkCall(m);
        } finally {
          this.child.send({ type: 'verdict', id: m.id, denied });
        }
      } else if (m.type === 'env') events.onAbsentEnv(m.name);
      else if (m.type === 'result') {
        const waiting = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (!waiting) return;
        if (m.error) {
          const err = new Error(`${info.label} failed: ${m.error.name}: ${m.error.message}`);
          err.stack = `${err.message}\n${m.error.stack ?? ''}\n--- its log ---\n${this.output.slice(-2000)}`;
          waiting.reject(err);
        } else waiting.resolve(m.value);
      } else if (m.type === 'crash') {
        this.output += `\nunhandled rejection: ${m.error.message}`;
      }
    });
    this.child.on('exit', (code) => {
      const err = new Error(`${info.label}: the sandbox exited (${code}):\n${this.output.slice(-2000)}`);
      for (const waiting of this.pending.values()) waiting.reject(err);
      this.pending.clear();
      loadedNow({ error: err });
    });
  }

  /** Imports the asset (once): the cold start. */
  public async load(): Promise<LoadFigures> {
    await this.ready;
    if (!this.started) {
      this.started = true;
      this.child.send({ type: 'load', file: this.info.file, exportName: this.info.exportName });
    }
    return this.loaded!;
  }
  private started = false;

  public async invoke(event: unknown): Promise<unknown> {
    await this.load();
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      // Lambda ends an invocation at the function's timeout; so does the rehearsal.
      const timer = setTimeout(() => {
        if (!this.pending.delete(id)) return;
        reject(new Error(`${this.info.label} timed out after its ${this.info.timeoutSeconds} s`));
      }, this.info.timeoutSeconds * 1000);
      this.pending.set(id, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
      this.child.send({
        type: 'invoke',
        id,
        event,
        context: {
          requestId: id,
          functionName: this.info.functionName,
          functionArn: this.info.functionArn,
          memoryMb: this.info.memoryMb,
          timeoutMs: this.info.timeoutSeconds * 1000,
        },
      });
    });
  }

  public get log(): string {
    return this.output;
  }

  public stop(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }
}
