// A worker thread's entry that can run this repository's TypeScript: a worker starts without its
// parent's module loader (tsx's flags do not reach a worker's entry on Node 20), so it registers
// tsx itself and then imports the module named in workerData (infra/local/typescript-worker.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
