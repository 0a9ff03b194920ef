import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux build this runs on). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time the calling thread has used so far, in ms (Linux, 10 ms steps); undefined elsewhere.
 * `process.cpuUsage()` counts every thread of the process: this tells one thread's share, so the
 * bench can say what its simulated clients cost apart from the product.
 */
export function threadCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
