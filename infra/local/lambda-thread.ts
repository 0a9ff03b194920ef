import { parentPort } from 'node:worker_threads';
import { invoke, loadHandler } from './lambda-runtime';
import { threadCpuMs } from './thread-cpu';

/**
 * One local execution environment (lambda-threads.ts): a worker thread that loads a handler module
 * the way Lambda's runtime does and runs one invocation at a time, with what the in-process
 * invocations use (lambda-runtime.ts).
 */
const port = parentPort!;

type Message = { id: number; kind: 'load' | 'invoke'; entry: string } & Record<string, unknown>;

/** Loads or invokes as asked; every outcome, a failure included, is posted back (never thrown). */
async function answer(message: Message): Promise<void> {
  const cpuBefore = threadCpuMs();
  try {
    if (message.kind === 'load') {
      await loadHandler(message.entry);
      port.postMessage({ id: message.id, ok: true });
      return;
    }
    const result = await invoke(message.entry, String(message.name), message.event, Number(message.timeoutMs));
    const cpuAfter = threadCpuMs();
    port.postMessage({
      id: message.id,
      ok: true,
      result,
      cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    });
  } catch (error) {
    const e = error as Error;
    port.postMessage({
      id: message.id,
      ok: false,
      error: { name: e?.name ?? 'Error', message: String(e?.message ?? e), stack: e?.stack },
    });
  }
}

// `answer` posts its own failures, so nothing is left for the event emitter to catch.
port.on('message', (message: Message) => void answer(message));
port.postMessage({ ready: true });
