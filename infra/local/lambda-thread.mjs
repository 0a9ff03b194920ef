// One local "execution environment" (infra/local/lambda-threads.ts): a worker thread that loads a
// handler module the way Lambda's runtime does and runs one invocation at a time. Plain JavaScript
// because a worker starts without the parent's TypeScript loader: it registers tsx, then imports the
// same lambda-runtime.ts the in-process invocations use.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { invoke, loadHandler } = await import('./lambda-runtime.ts');
const { threadCpuMs } = await import('./thread-cpu.ts');

parentPort.on('message', async (message) => {
  const cpuBefore = threadCpuMs();
  try {
    if (message.kind === 'load') {
      await loadHandler(message.entry);
      parentPort.postMessage({ id: message.id, ok: true });
      return;
    }
    const result = await invoke(message.entry, message.name, message.event, message.timeoutMs);
    const cpuAfter = threadCpuMs();
    parentPort.postMessage({
      id: message.id,
      ok: true,
      result,
      cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    });
  } catch (error) {
    parentPort.postMessage({
      id: message.id,
      ok: false,
      error: { name: error?.name ?? 'Error', message: String(error?.message ?? error), stack: error?.stack },
    });
  }
});
parentPort.postMessage({ ready: true });
