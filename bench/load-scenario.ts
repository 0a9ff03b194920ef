import { routeUrl, signedInClient, type AnswerAt, type CallArgsAt, type RouteKeyOf } from '../shared/api-client';
import type { Route } from '../shared/contract/index';
import { percentile, round } from './stats';

/** One signed-in read a scenario repeats: its URL (as the figures name it) and the call that makes it. */
export interface ScenarioCall<T = unknown> {
  path: string;
  send: () => Promise<T>;
}

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
  const { client } = await signedInClient({ baseUrl: url }, opts.loginId, opts.password);
  /** A read to repeat (`get('GET /api/slots', { query })`); a refusal throws with its status and text. */
  const get = <K extends RouteKeyOf<Route>>(
    key: K,
    ...input: CallArgsAt<Route, K>
  ): ScenarioCall<AnswerAt<Route, K>> => {
    const path = routeUrl(key, input[0]);
    return {
      path,
      send: () =>
        client.call(key, ...input).catch((err: Error & { status?: number }) => {
          throw new Error(`${key.slice(0, key.indexOf(' '))} ${path} → ${err.status} ${err.message}`.slice(0, 300));
        }),
    };
  };
  const errors: Record<string, number> = {};

  const scenario = async <T>(name: string, call: ScenarioCall<T>, requests: number) => {
    const { path, send } = call;
    const t0 = performance.now();
    const first = await send().catch((err: Error) => {
      log(`${name}: first call ${err.message.slice(0, 200)}`);
      return undefined;
    });
    const firstCallMs = performance.now() - t0;
    const alone: number[] = [];
    for (let i = 0; i < 10; i++) {
      const sent = performance.now();
      await send().catch(() => undefined);
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
            await send();
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
