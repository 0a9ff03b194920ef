import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A worker thread running a TypeScript module of this repository (through typescript-thread.mjs). */
export function typeScriptWorker(module: URL, options: Omit<WorkerOptions, 'workerData' | 'execArgv'> = {}) {
  // The parent's loader flags stay out: the thread registers its own, and two would transform twice.
  return new Worker(new URL('./typescript-thread.mjs', import.meta.url), {
    ...options,
    execArgv: [],
    workerData: { module: module.href },
  });
}
