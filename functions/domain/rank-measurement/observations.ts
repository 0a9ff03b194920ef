import { addKstDays, kstDayOf, kstToday } from '#shared/kst';
import { rankMessages } from '#shared/messages/rank';
import { ValidationError } from '#commons/errors';
import {
  observationSchema,
  type MetricInput,
  type ObservationBatchResult,
  type ObservationInput,
  type ObservationRejection,
} from '#shared/schemas/rank';
import { logger } from '#commons/logger';
import { recordMetric } from '#commons/metrics';
import { rankObservationsStore, type ObservationRecord, type PairMetricsRecord } from '../../storage/rank-observations';
import type { WorkerIdentity } from './worker-keys';
import { settleLeases } from './leases';
import { pairIdOf, trackedPairs } from './pairs';
import { storeChecks } from './check-counts';

/**
 * POST /rank/observations: each observation of the batch is
 * checked on its own — its shape, its evidence against what the table can store, its time, and its
 * pair, which must be one the work list hands out today (only those pairs' checks are ever read:
 * the recompute job closes yesterday with today's tracked pairs too, so a wider window would keep
 * checks nothing reads). The good ones are stored, each whole or not at all, and the answer gives
 * every item's outcome; nothing the worker sends makes the batch a 500. An observation is keyed by
 * (pair, observedAt), so a batch sent again stores nothing new. Checks of today and yesterday (KST)
 * are taken: the recompute job closes yesterday after midnight.
 */
const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * Product images are kept only from the marketplace's own image CDN over https: Coupang serves
 * product images from `*.coupangcdn.com` (thumbnail*.coupangcdn.com, image*.coupangcdn.com). Any
 * other host could track or mislead the people who see the slot list, so its URL is dropped.
 */
export function isMarketplaceImage(raw: string): boolean {
  try {
    const url = new URL(raw);
    const host = url.hostname.toLowerCase();
    return (
      url.protocol === 'https:' &&
      !url.username &&
      !url.password &&
      (host === 'coupangcdn.com' || host.endsWith('.coupangcdn.com'))
    );
  } catch {
    return false;
  }
}

export async function recordObservations(
  worker: WorkerIdentity & { instance?: string },
  observations: unknown[],
  now = new Date(),
  metrics: MetricInput[] = [],
): Promise<ObservationBatchResult> {
  const today = kstToday(now);
  const yesterday = addKstDays(today, -1);
  // Metrics are all-or-nothing: checked before anything of the batch is stored.
  const metricRecords = metrics.length ? await checkMetrics(worker, metrics, today, yesterday, now) : [];
  const rejections: ObservationRejection[] = [];
  const notes: ObservationRejection[] = [];
  const refuse = (index: number, field: string | null, reason: string) => {
    rejections.push({ index, field, reason });
  };

  const valid: Array<{ index: number; o: ObservationInput }> = [];
  observations.forEach((raw, index) => {
    const parsed = observationSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(index, issue?.path.join('.') || null, issue?.message ?? rankMessages.observationsRequired);
    }
    valid.push({ index, o: parsed.data });
  });
  const tracked = valid.length ? new Set((await trackedPairs(today)).map((p) => p.id)) : new Set<string>();

  const records = new Map<string, { index: number; record: ObservationRecord }>();
  for (const { index, o } of valid) {
    const at = new Date(o.observedAt);
    if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) {
      refuse(index, 'observedAt', rankMessages.observedAtInFuture);
      continue;
    }
    const day = kstDayOf(at);
    if (day !== today && day !== yesterday) {
      refuse(index, 'observedAt', rankMessages.observedAtTooOld);
      continue;
    }
    const pair = {
      keyword: o.keyword,
      productId: o.productId,
      itemId: o.itemId ?? null,
      vendorItemId: o.vendorItemId ?? null,
    };
    const pairId = pairIdOf(pair);
    if (!tracked.has(pairId)) {
      refuse(index, 'productId', rankMessages.pairNotTracked);
      continue;
    }
    const observedAt = at.toISOString();
    const key = `${pairId}#${observedAt}`;
    if (records.has(key)) {
      refuse(index, 'observedAt', rankMessages.duplicateInBatch);
      continue;
    }
    let imageUrl = o.imageUrl ?? null;
    if (imageUrl && !isMarketplaceImage(imageUrl)) {
      notes.push({ index, field: 'imageUrl', reason: rankMessages.imageDropped });
      imageUrl = null;
    }
    records.set(key, {
      index,
      record: {
        pairId,
        day,
        ...pair,
        keyword: pair.keyword.trim().normalize('NFC'),
        status: o.status,
        rank: o.status === 'found' ? (o.rank ?? null) : null,
        depthScanned: o.depthScanned,
        observedAt,
        receivedAt: now.toISOString(),
        workerKeyId: worker.keyId,
        ...(o.evidence !== undefined ? { evidence: o.evidence } : {}),
        ...(o.status === 'found' ? { productName: o.productName ?? null, imageUrl } : {}),
      },
    });
  }

  // The schema keeps out everything the table is known to refuse; should the store still refuse
  // one, that observation alone is answered as refused (and logged: the schema missed a rule).
  const entries = [...records.values()];
  // Stored and counted for the operations screen together, once each (check-counts.ts).
  const unstored = entries.length
    ? await storeChecks(
        entries.map((e) => e.record),
        { at: now, due: { day: today, pairs: tracked.size } },
      )
    : [];
  const indexOf = new Map(entries.map((e) => [e.record, e.index]));
  for (const { record, error } of unstored) {
    logger.error('rank observation refused by the store', { error: error as Error, pairId: record.pairId });
    refuse(indexOf.get(record)!, null, rankMessages.notStorable);
  }
  const refusedRecords = new Set(unstored.map((u) => u.record));
  const storedByStatus = new Map<string, number>();
  for (const { record } of entries)
    if (!refusedRecords.has(record)) storedByStatus.set(record.status, (storedByStatus.get(record.status) ?? 0) + 1);
  for (const [status, count] of storedByStatus) recordMetric('RankChecksStored', count, { status });
  const unleased = await settleLeases(
    worker,
    entries.map((e) => e.record).filter((r) => !refusedRecords.has(r)),
    now,
  );

  if (metricRecords.length) await rankObservationsStore.putMetrics(metricRecords);

  rejections.sort((a, b) => a.index - b.index);
  const refusedAt = new Map(rejections.map((r) => [r.index, r]));
  return {
    accepted: observations.length - rejections.length,
    rejected: rejections.length,
    results: observations.map((_, index) => {
      const refused = refusedAt.get(index);
      return refused
        ? { index, outcome: 'refused' as const, field: refused.field, reason: refused.reason }
        : { index, outcome: 'accepted' as const };
    }),
    rejections,
    notes,
    unleased,
  };
}

/** The batch's metrics as records, or a 400 naming the first bad one (nothing of the batch is stored). */
async function checkMetrics(
  worker: WorkerIdentity,
  metrics: MetricInput[],
  today: string,
  yesterday: string,
  now: Date,
): Promise<PairMetricsRecord[]> {
  const tracked = new Set((await trackedPairs(today)).map((p) => p.id));
  const out = new Map<string, PairMetricsRecord>();
  metrics.forEach((m, index) => {
    const refuse = (field: string, reason: string) => {
      throw new ValidationError(rankMessages.metricsRejected(index, reason), [
        { field: `metrics.${index}.${field}`, message: reason },
      ]);
    };
    if (m.day !== today && m.day !== yesterday) refuse('day', rankMessages.metricDayOutOfRange);
    const pairId = pairIdOf({
      keyword: m.keyword,
      productId: m.productId,
      itemId: m.itemId ?? null,
      vendorItemId: m.vendorItemId ?? null,
    });
    if (!tracked.has(pairId)) refuse('productId', rankMessages.pairNotTracked);
    if (out.has(`${pairId}#${m.day}`)) refuse('day', rankMessages.metricDuplicate);
    out.set(`${pairId}#${m.day}`, {
      pairId,
      day: m.day,
      impressions: m.impressions,
      clicks: m.clicks,
      reportedAt: now.toISOString(),
      workerKeyId: worker.keyId,
    });
  });
  return [...out.values()];
}
