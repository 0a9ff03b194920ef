import { addKstDays, kstDayOf, kstToday } from '#shared/kst';
import { rankMessages } from '#shared/messages/rank';
import { observationSchema, type ObservationBatchResult, type ObservationRejection } from '#shared/schemas/rank';
import { rankObservationsStore, type ObservationRecord } from '../../storage/rank-observations';
import type { WorkerIdentity } from './worker-keys';
import { pairIdOf } from './pairs';

/**
 * POST /rank/observations (issue 12 item 3): each observation of the batch is checked on its own;
 * the good ones are stored and the others answered with their index and reason. An observation is
 * keyed by (pair, observedAt), so a batch sent again stores nothing new. Checks of today and
 * yesterday (KST) are taken: the recompute job closes yesterday after midnight.
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
  worker: WorkerIdentity,
  observations: unknown[],
  now = new Date(),
): Promise<ObservationBatchResult> {
  const today = kstToday(now);
  const yesterday = addKstDays(today, -1);
  const rejections: ObservationRejection[] = [];
  const notes: ObservationRejection[] = [];
  const records = new Map<string, ObservationRecord>();
  observations.forEach((raw, index) => {
    const parsed = observationSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      rejections.push({
        index,
        field: issue?.path.join('.') || null,
        reason: issue?.message ?? rankMessages.observationsRequired,
      });
      return;
    }
    const o = parsed.data;
    const at = new Date(o.observedAt);
    if (at.getTime() > now.getTime() + FUTURE_SLACK_MS)
      return void rejections.push({ index, field: 'observedAt', reason: rankMessages.observedAtInFuture });
    const day = kstDayOf(at);
    if (day !== today && day !== yesterday)
      return void rejections.push({ index, field: 'observedAt', reason: rankMessages.observedAtTooOld });
    const pair = {
      keyword: o.keyword,
      productId: o.productId,
      itemId: o.itemId ?? null,
      vendorItemId: o.vendorItemId ?? null,
    };
    const pairId = pairIdOf(pair);
    const observedAt = at.toISOString();
    const key = `${pairId}#${observedAt}`;
    if (records.has(key))
      return void rejections.push({ index, field: 'observedAt', reason: rankMessages.duplicateInBatch });
    let imageUrl = o.imageUrl ?? null;
    if (imageUrl && !isMarketplaceImage(imageUrl)) {
      notes.push({ index, field: 'imageUrl', reason: rankMessages.imageDropped });
      imageUrl = null;
    }
    records.set(key, {
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
    });
  });
  if (records.size) await rankObservationsStore.put([...records.values()]);
  return { accepted: records.size, rejected: rejections.length, rejections, notes };
}
