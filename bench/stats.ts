import { availableParallelism, cpus, loadavg } from 'node:os';
/** Figures the benchmarks share. */

/** The p-th percentile of an ascending list (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Milliseconds to one decimal. */
export const round = (ms: number) => Math.round(ms * 10) / 10;

/** The machine a bench ran on and its load at the start and the end: a loaded machine's figures say so. */
export const machineFacts = (loadAtStart: number) => ({
  node: process.version,
  cpus: availableParallelism(),
  cpuModel: cpus()[0]?.model ?? 'unknown',
  loadAverage1m: { atStart: round(loadAtStart), atEnd: round(loadavg()[0]) },
});
