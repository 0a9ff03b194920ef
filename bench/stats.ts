/** Figures the benchmarks share. */

/** The p-th percentile of an ascending list (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Milliseconds to one decimal. */
export const round = (ms: number) => Math.round(ms * 10) / 10;
