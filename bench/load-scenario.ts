import { percentile, round } from './stats';

/**
 * A list under load, as the list benchmarks measure it: signed in once, then for each scenario its
 * first call (what later calls reuse is built then), the median of 10 calls by one client alone (the
 * cost without queueing), and `requests` calls with `concurrency` in flight (p50/p95/p99, throughput).
 * Failed answers are counted, not fatal.
 */
export async function loadRunner(opts: {
  url: string;
  loginId: string;
  password: string;
  concurrency: number;
  log: (msg: string) => void;
}) {
  const { url, concurrency, log } = opts;
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: opts.loginId, password: opts.password }),
  });
  const token = ((await login.json()) as any).data.tokens.accessToken as string;
  const get = async (path: string) => {
    const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`GET ${path} → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  };
  const errors: Record<string, number> = {};

  const scenario = async (name: string, path: string, requests: number) => {
    const t0 = performance.now();
    const first = await get(path).catch((err: Error) => {
      log(`${name}: first call ${err.message.slice(0, 200)}`);
      return undefined;
    });
    const firstCallMs = performance.now() - t0;
    const alone: number[] = [];
    for (let i = 0; i < 10; i++) {
      const sent = performance.now();
      await get(path).catch(() => undefined);
      alone.push(performance.now() - sent);
    }
    const latencies: number[] = [];
    let failed = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          next += 1;
          const sent = performance.now();
          try {
            await get(path);
          } catch (err) {
            failed += 1;
            errors[name] = failed;
            if (failed === 1) log(`${name}: ${(err as Error).message.slice(0, 200)}`);
          }
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const sorted = latencies.sort((a, b) => a - b);
    const result = {
      path,
      requests: sorted.length,
      failed,
      concurrency,
      firstCallMs: round(firstCallMs),
      aloneP50Ms: round(
        percentile(
          alone.sort((a, b) => a - b),
          50,
        ),
      ),
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      p99Ms: round(percentile(sorted, 99)),
      throughputPerS: round(sorted.length / seconds),
    };
    log(
      `${name}: alone ${result.aloneP50Ms} ms; p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms, ${result.throughputPerS}/s`,
    );
    return { result, first };
  };
  return { get, scenario, errors };
}
