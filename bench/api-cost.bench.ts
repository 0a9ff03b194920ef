import { loadavg } from 'node:os';
import WebSocket from 'ws';
import { bearer, createApiClient, signIn, type WorkerRoute } from '../shared/api-client';
import { capacityMeter } from './capacity-meter';
import { startBenchStack } from './local-stack';
import { runSoak } from './soak';
import { machineFacts, percentile, round } from './stats';

/**
 * The cost model's input: what each kind of API call consumes, for `npm run cost` (docs/cost.md).
 * One soak client (so calls never overlap and each one's share is exact) runs the soak's mix of every
 * feature's reads and writes through the real HTTP path for a while; per operation it records the
 * function group that serves it, the DynamoDB read and write capacity units DynamoDB Local reports
 * (`ReturnConsumedCapacity` on every call of the shared DocumentClient), the time of the call on
 * loopback (the handler's work plus DynamoDB Local: an upper bound of a Lambda's billed duration) and
 * the bytes the function logged at Powertools' default level (the deployed functions set none) and
 * the answer's body bytes.
 * Then the same for the calls the soak does not make: sign-in, token refresh, a socket's connect and
 * disconnect, and a rank worker's work page and observation batch (per observation).
 * `API_COST_SECONDS` sets the soak's length (default 40 s).
 */
const SOAK_SECONDS = Number(process.env.API_COST_SECONDS ?? 40);
const REPEATS = 10;
const OBSERVATION_BATCH = 100;

interface OperationFigures {
  group: string;
  route: string;
  calls: number;
  readUnitsPerCall: number;
  writeUnitsPerCall: number;
  dynamoCallsPerCall: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  logBytesPerCall: number;
  /** Body bytes of the answer (soak calls only; 0 where the bench reads the answer itself). */
  responseBytesPerCall: number;
}

export async function runApiCostBench(log: (msg: string) => void = (m) => process.stderr.write(`${m}\n`)) {
  const loadAtStart = loadavg()[0];
  process.env.LOCAL_TRUST_VIEWER_IP = '1';
  // The deployed functions set no level: Powertools logs INFO and up.
  const previousLevel = process.env.POWERTOOLS_LOG_LEVEL;
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
  // Every function logs to stdout (as in Lambda): counted per call and kept off the bench's output.
  let logBytes = 0;
  const stdoutWrite = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    logBytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    return true;
  }) as typeof process.stdout.write;
  const restore = () => {
    process.stdout.write = stdoutWrite;
    if (previousLevel === undefined) delete process.env.POWERTOOLS_LOG_LEVEL;
    else process.env.POWERTOOLS_LOG_LEVEL = previousLevel;
  };
  const stack = await startBenchStack().catch((err: unknown) => {
    restore();
    throw err;
  });
  try {
    const { matchRoute } = await import('../shared/contract/index');
    const { createUser } = await import('../functions/domain/auth/auth-service');
    const { credit } = await import('../functions/domain/cash/ledger');
    const { settingsStore } = await import('../functions/storage/settings');
    const { invalidateSettingsCache } = await import('../functions/domain/settings/settings-service');
    const meter = await capacityMeter();

    const samples = new Map<
      string,
      {
        group: string;
        route: string;
        ms: number[];
        read: number;
        write: number;
        calls: number;
        logBytes: number;
        responseBytes: number;
      }
    >();
    const measured = async <T>(op: string, method: string, path: string, run: () => Promise<T>): Promise<T> => {
      const before = meter.snapshot();
      const bytesBefore = logBytes;
      const started = performance.now();
      const result = await run();
      const ms = performance.now() - started;
      const bytes = result instanceof Response ? (await result.clone().arrayBuffer()).byteLength : 0;
      const used = meter.since(before);
      const match = path.startsWith('/ws') ? null : matchRoute(method, new URL(path, 'http://x').pathname);
      const route = match?.route ? `${match.route.method} ${match.route.path}` : `${method} ${path}`;
      const entry = samples.get(op) ?? {
        group: match?.route ? match.route.group : 'websocket',
        route,
        ms: [],
        read: 0,
        write: 0,
        calls: 0,
        logBytes: 0,
        responseBytes: 0,
      };
      entry.ms.push(ms);
      entry.read += used.read;
      entry.write += used.write;
      entry.calls += used.calls;
      entry.logBytes += logBytes - bytesBefore;
      entry.responseBytes += bytes;
      samples.set(op, entry);
      return result;
    };

    await settingsStore.put('maxSlotsPerUser', 10_000, 'business', 'api-cost');
    invalidateSettingsCache();
    const api = createApiClient({ baseUrl: stack.url });
    const signInAs = async (loginId: string, password: string) => (await signIn(api, loginId, password)).tokens;
    await createUser({ loginId: 'costop', password: 'costpass1', fullName: '운영자', role: 'operator' });
    const advertiser = await createUser({ loginId: 'cost0', password: 'costpass1', fullName: '광고주', role: 'user' });
    await credit({
      userId: advertiser.id,
      amount: 100_000_000,
      type: 'charge',
      description: 'api-cost',
      referenceId: 'api-cost',
      idempotencyKey: 'api-cost-fund',
    });
    const operatorToken = (await signInAs('costop', 'costpass1')).accessToken;
    const developerToken = (await signInAs('benchdev', 'benchdev123')).accessToken;

    log(`api-cost: the soak's mix with one client for ${SOAK_SECONDS} s …`);
    const soak = await runSoak({
      url: stack.url,
      seconds: SOAK_SECONDS,
      operatorToken,
      advertisers: [{ id: advertiser.id, token: (await signInAs('cost0', 'costpass1')).accessToken }],
      around: (op, method, path, send) => measured(op, method, path, send),
    });
    if (soak.serverErrors.length) throw new Error(`api-cost: server errors: ${soak.serverErrors.join('; ')}`);

    log('api-cost: sign-in, refresh, socket connect and disconnect …');
    let tokens = await signInAs('cost0', 'costpass1');
    for (let i = 0; i < REPEATS; i++) {
      tokens = await measured('sign-in', 'POST', '/api/auth/login', () => signInAs('cost0', 'costpass1'));
      const refreshToken = tokens.refreshToken;
      tokens = await measured(
        'refresh',
        'POST',
        '/api/auth/refresh',
        async () => (await api.call('POST /api/auth/refresh', { body: { refreshToken } })).tokens,
      );
    }
    const wsUrl = `${stack.url.replace('http', 'ws')}/ws`;
    for (let i = 0; i < REPEATS; i++) {
      const ws = await measured('ws-connect', 'GET', '/ws $connect', async () => {
        const socket = new WebSocket(`${wsUrl}?token=${tokens.accessToken}`);
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        return socket;
      });
      await measured('ws-disconnect', 'GET', '/ws $disconnect', async () => {
        const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
        ws.close();
        await closed;
        // $disconnect runs after the close handshake: give it the moment it takes.
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    }

    log('api-cost: a rank worker’s work page and observation batches …');
    const { key: workerKey } = await api.call('POST /api/rank/worker-keys', {
      headers: bearer(developerToken),
      body: { name: '비용 측정' },
    });
    const worker = createApiClient<WorkerRoute>({ baseUrl: stack.url, headers: () => ({ 'x-api-key': workerKey }) });
    const work = await measured(
      'rank-work-page',
      'GET',
      '/api/rank/work?limit=1000',
      async () => (await worker.call('GET /api/rank/work', { query: { limit: 1000 } })).items,
    );
    if (!work.length) throw new Error('api-cost: the soak left no tracked pair for the rank worker to check');
    let observationsStored = 0;
    for (let b = 0; b < REPEATS; b++) {
      const observations = Array.from({ length: OBSERVATION_BATCH }, (_, i) => {
        const pair = work[(b * OBSERVATION_BATCH + i) % work.length]!;
        return {
          keyword: pair.keyword,
          productId: pair.productId,
          itemId: pair.itemId,
          vendorItemId: pair.vendorItemId,
          status: 'found',
          rank: 1 + ((b + i) % 40),
          depthScanned: 100,
          // One check per pair and second: none is a repeat of another.
          observedAt: new Date(Date.now() - (b * OBSERVATION_BATCH + i + 1) * 1000).toISOString(),
        };
      });
      await measured('rank-observation-batch', 'POST', '/api/rank/observations', async () => {
        const result = await worker.call('POST /api/rank/observations', { body: { observations } });
        observationsStored += result.accepted;
      });
    }
    if (observationsStored !== REPEATS * OBSERVATION_BATCH)
      throw new Error(`api-cost: ${observationsStored} of ${REPEATS * OBSERVATION_BATCH} observations stored`);

    const operations: Record<string, OperationFigures> = {};
    for (const [op, s] of [...samples].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...s.ms].sort((a, b) => a - b);
      const n = s.ms.length;
      operations[op] = {
        group: s.group,
        route: s.route,
        calls: n,
        readUnitsPerCall: round(s.read / n),
        writeUnitsPerCall: round(s.write / n),
        dynamoCallsPerCall: round(s.calls / n),
        meanMs: round(sorted.reduce((a, b) => a + b, 0) / n),
        p50Ms: round(percentile(sorted, 50)),
        p95Ms: round(percentile(sorted, 95)),
        logBytesPerCall: Math.round(s.logBytes / n),
        responseBytesPerCall: Math.round(s.responseBytes / n),
      };
    }
    return {
      bench: 'api-cost',
      at: new Date().toISOString(),
      soakSeconds: SOAK_SECONDS,
      /** The soak's calls by operation: the mix the cost model weighs an average API call with. */
      soakMix: soak.byOperation,
      observationBatch: OBSERVATION_BATCH,
      observationsStored,
      operations,
      machine: machineFacts(loadAtStart),
    };
  } finally {
    await stack.stop();
    restore();
  }
}
