import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the bench measured that the cost model needs, taken from `bench/results/*.json` (not
 * committed) into a snapshot that is (`docs/cost-figures.json`), so the document can be checked
 * without rerunning the bench. A result file that is missing leaves that part of the snapshot as it
 * was. Each part names its source file and the run's date.
 */
export interface OperationFigure {
  group: string;
  calls: number;
  readUnitsPerCall: number;
  writeUnitsPerCall: number;
  meanMs: number;
  logBytesPerCall: number;
  responseBytesPerCall: number;
}

export interface MeasuredFigures {
  api: {
    source: string;
    at: string;
    /** The machine's 1-minute load average when the run started (a loaded 2-core machine stretches times). */
    loadAverage?: number;
    /** The soak's calls by operation (an average API call is weighed with it). */
    soakMix: Record<string, number>;
    operations: Record<string, OperationFigure>;
    /** Observations in each measured `rank-observation-batch` call. */
    observationBatch: number;
  };
  rankRecompute: {
    source: string;
    at: string;
    loadAverage?: number;
    slots: number;
    slotsPerPair: number;
    /** The hourly run with a new check for every pair (every slot changes). */
    msPer1000Slots: number;
    readUnitsPer1000Slots: number;
    writeUnitsPer1000Slots: number;
    /** Slots one invocation of the job covers (null while the job is one invocation over every slot). */
    slotsPerInvocation: number | null;
    /** Queue messages per invocation (0 while nothing is queued). */
    queueMessagesPerInvocation: number;
  };
  broadcast: {
    source: string;
    at: string;
    loadAverage?: number;
    connections: number;
    /** The notifications function's time for the whole broadcast (ms). */
    functionMs: number;
    postsPerSocket: number;
    /** Queue messages per socket reached (0 while pages are pushed inside the request). */
    queueMessagesPerSocket: number;
    /** Invocations per socket reached besides the send itself (queue consumers). */
    invocationsPerSocket: number;
  };
  firstLoad: {
    source: string;
    at: string;
    /** gzip bytes and files of a first visit, mean over the measured routes. */
    bytes: number;
    files: number;
  };
  coldStart: {
    source: string;
    at: string;
    loadAverage?: number;
    /** Cold import of each bundle (the SDK and node modules included), ms. */
    importMsByFunction: Record<string, number>;
  };
}

type Json = Record<string, any>;

function read(dir: string, name: string): Json | undefined {
  const file = join(dir, `${name}.json`);
  if (!existsSync(file)) return undefined;
  const result = JSON.parse(readFileSync(file, 'utf8')) as Json;
  // A bench that writes no date of its own is dated by its file.
  result.at ??= result.date ?? statSync(file).mtime.toISOString();
  return result;
}

const num = (value: unknown, what: string): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`cost model: ${what} is not a number`);
  return value;
};

/** The first of `values` that is a number (figures the bench adds later win over today's). */
const firstNumber = (...values: unknown[]): number | undefined =>
  values.find((v): v is number => typeof v === 'number' && Number.isFinite(v));

export function apiFigures(r: Json): MeasuredFigures['api'] {
  const operations: Record<string, OperationFigure> = {};
  for (const [op, o] of Object.entries(r.operations as Record<string, Json>)) {
    operations[op] = {
      group: String(o.group),
      calls: num(o.calls, `${op}.calls`),
      readUnitsPerCall: num(o.readUnitsPerCall, `${op}.readUnitsPerCall`),
      writeUnitsPerCall: num(o.writeUnitsPerCall, `${op}.writeUnitsPerCall`),
      meanMs: num(o.meanMs, `${op}.meanMs`),
      logBytesPerCall: num(o.logBytesPerCall, `${op}.logBytesPerCall`),
      responseBytesPerCall: num(o.responseBytesPerCall ?? 0, `${op}.responseBytesPerCall`),
    };
  }
  return {
    source: 'bench/results/api-cost.json',
    at: String(r.at),
    soakMix: r.soakMix,
    operations,
    observationBatch: num(r.observationBatch, 'api-cost observationBatch'),
  };
}

/** Units the split recompute reports (invocations, queue messages), as per-invocation figures. */
function unitsOf(size: Json, hourly: Json, r: Json) {
  const invocations = firstNumber(hourly.invocations, hourly.units, size.units, r.units);
  if (invocations === undefined) return { slotsPerInvocation: null, queueMessagesPerInvocation: 0 };
  const queued = firstNumber(hourly.queueMessages, size.queueMessages) ?? invocations;
  return {
    slotsPerInvocation: num(size.slots, 'rank-recompute slots') / invocations,
    queueMessagesPerInvocation: queued / invocations,
  };
}

export function rankRecomputeFigures(r: Json): MeasuredFigures['rankRecompute'] {
  // The largest size measured; the hourly run is the one every hour pays.
  const size = (r.sizes as Json[]).reduce((a, b) => (b.slots > a.slots ? b : a));
  // The units bench measures the hourly run at several units at once: the most at once is the schedule's.
  const hourly = ([] as Json[])
    .concat(size.hourly as Json | Json[])
    .reduce((a, b) => ((b.concurrency ?? 0) > (a.concurrency ?? 0) ? b : a));
  return {
    source: 'bench/results/rank-recompute.json',
    at: String(r.at),
    slots: num(size.slots, 'rank-recompute slots'),
    slotsPerPair: num(r.shape?.slotsPerPair, 'rank-recompute shape.slotsPerPair'),
    msPer1000Slots: num(hourly.msPer1000Slots, 'rank-recompute hourly.msPer1000Slots'),
    readUnitsPer1000Slots: num(hourly.capacity.readPer1000Slots, 'rank-recompute read units'),
    writeUnitsPer1000Slots: num(hourly.capacity.writePer1000Slots, 'rank-recompute write units'),
    ...unitsOf(size, hourly, r),
  };
}

export function broadcastFigures(r: Json): MeasuredFigures['broadcast'] {
  const b = r.broadcast as Json;
  const connections = num(r.connections, 'notifications-broadcast connections');
  return {
    source: 'bench/results/notifications-broadcast.json',
    at: String(r.at),
    connections,
    // Billed Lambda time of one broadcast: the send, plus (through the queue) every consumer invocation.
    functionMs: num(
      firstNumber(
        b.functionMs,
        b.queue?.consumerBusyMs !== undefined ? b.answerMs + b.queue.consumerBusyMs : undefined,
        b.answerMs,
      ),
      'notifications-broadcast answerMs',
    ),
    // Today's send posts new_notification and unread_count to each socket (functions/domain/notifications/notify.ts).
    postsPerSocket: firstNumber(b.postsPerSocket, b.posts !== undefined ? b.posts / connections : undefined) ?? 2,
    queueMessagesPerSocket:
      firstNumber(
        b.queueMessagesPerSocket,
        b.queueMessages !== undefined ? b.queueMessages / connections : undefined,
      ) ?? 0,
    invocationsPerSocket:
      firstNumber(b.invocationsPerSocket, b.invocations !== undefined ? b.invocations / connections : undefined) ?? 0,
  };
}

export function firstLoadFigures(r: Json): MeasuredFigures['firstLoad'] {
  const routes = Object.values(r.routes as Record<string, Json>);
  const mean = (f: (x: Json) => number) => routes.reduce((a, x) => a + f(x), 0) / routes.length;
  return {
    source: 'bench/results/first-load-js.json',
    at: String(r.at),
    bytes: Math.round(mean((x) => num(x.kb, 'first-load kb') * 1024)),
    files: Math.round(mean((x) => num(x.files, 'first-load files')) * 10) / 10,
  };
}

export function coldStartFigures(r: Json): MeasuredFigures['coldStart'] {
  const importMsByFunction: Record<string, number> = {};
  for (const b of r.bundles as Json[]) if (b.kind !== 'baseline') importMsByFunction[b.name] = num(b.importMs, b.name);
  return { source: 'bench/results/lambda-bundles.json', at: String(r.at), importMsByFunction };
}

/** The load average a bench recorded at its start, in whichever shape it writes it. */
const loadOf = (r: Json) => firstNumber(r.machine?.loadAverage1m?.atStart, r.machine?.loadAtStart);

const readers = {
  api: ['api-cost', apiFigures],
  rankRecompute: ['rank-recompute', rankRecomputeFigures],
  broadcast: ['notifications-broadcast', broadcastFigures],
  firstLoad: ['first-load-js', firstLoadFigures],
  coldStart: ['lambda-bundles', coldStartFigures],
} as const;

/** The snapshot with every part the results directory has replaced by the new run's figures. */
export function refreshFigures(
  resultsDir: string,
  previous: Partial<MeasuredFigures>,
): { figures: MeasuredFigures; refreshed: string[]; kept: string[] } {
  const next: Partial<MeasuredFigures> = { ...previous };
  const refreshed: string[] = [];
  const kept: string[] = [];
  for (const [key, [file, extract]] of Object.entries(readers) as Array<
    [keyof MeasuredFigures, (typeof readers)[keyof typeof readers]]
  >) {
    const result = read(resultsDir, file);
    if (result) {
      const figures = (extract as (r: Json) => Json)(result);
      const loadAverage = loadOf(result);
      (next as Json)[key] = loadAverage === undefined ? figures : { ...figures, loadAverage };
      refreshed.push(file);
    } else if (previous[key]) kept.push(file);
    else
      throw new Error(`cost model: no bench/results/${file}.json and no earlier figures (run npm run bench ${file})`);
  }
  return { figures: next as MeasuredFigures, refreshed, kept };
}
