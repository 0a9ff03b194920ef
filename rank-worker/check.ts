import type { WorkItem } from '../shared/schemas/rank';
import { matchesPair, parseSearchPage, type ParsedPage } from './marketplace';

/** What the browser hands back for one search page (or why it could not). */
export type LoadedPage = { ok: true; html: string; url: string } | { ok: false; reason: string; url: string };

export interface Observation {
  keyword: string;
  productId: string;
  itemId: string | null;
  vendorItemId: string | null;
  status: 'found' | 'not_found' | 'failed';
  rank?: number;
  depthScanned: number;
  observedAt: string;
  evidence?: Record<string, unknown>;
  productName?: string;
  imageUrl?: string;
}

/**
 * One check of a pair: walks result pages 1..depth, counting organic results only (ads skipped).
 * `not_found` only when every page up to the depth (or the end of the results) was healthy; any
 * unhealthy page makes the whole check `failed` with the reason in evidence.
 * An exact hit (product id, and item / vendor item ids where both sides have them) wins; a result
 * with the right product id but another option is remembered and reported only if no exact hit
 * appears within the depth (evidence says so).
 */
export async function checkPair(
  pair: Pick<WorkItem, 'keyword' | 'productId' | 'itemId' | 'vendorItemId'>,
  depth: number,
  loadPage: (page: number) => Promise<LoadedPage>,
  now: () => Date = () => new Date(),
): Promise<Observation> {
  const base = {
    keyword: pair.keyword,
    productId: pair.productId,
    itemId: pair.itemId,
    vendorItemId: pair.vendorItemId,
  };
  let organic = 0;
  let adsSkipped = 0;
  let fallback: { rank: number; name: string | null; imageUrl: string | null; page: number } | null = null;
  const found = (rank: number, name: string | null, imageUrl: string | null, evidence: Record<string, unknown>) => ({
    ...base,
    status: 'found' as const,
    rank,
    depthScanned: organic,
    observedAt: now().toISOString(),
    evidence: { ...evidence, adsSkipped },
    ...(name ? { productName: name } : {}),
    ...(imageUrl ? { imageUrl } : {}),
  });
  for (let page = 1; page <= depth; page++) {
    const loaded = await loadPage(page);
    const parsed: ParsedPage = loaded.ok ? parseSearchPage(loaded.html) : { kind: 'unknown', reason: loaded.reason };
    if (parsed.kind === 'blocked' || parsed.kind === 'unknown')
      return {
        ...base,
        status: 'failed',
        depthScanned: organic,
        observedAt: now().toISOString(),
        // The server takes up to 2000 characters of evidence.
        evidence: { reason: parsed.reason.slice(0, 300), kind: loaded.ok ? parsed.kind : 'load', page },
      };
    if (parsed.kind === 'empty') break;
    for (const item of parsed.items) {
      if (item.ad) {
        adsSkipped++;
        continue;
      }
      organic++;
      if (matchesPair(item, pair)) return found(organic, item.name, item.imageUrl, { page, match: 'exact' });
      if (!fallback && item.productId === pair.productId)
        fallback = { rank: organic, name: item.name, imageUrl: item.imageUrl, page };
    }
    // A page of ads only is past the end of the organic results.
    if (parsed.items.every((i) => i.ad)) break;
  }
  if (fallback)
    return found(fallback.rank, fallback.name, fallback.imageUrl, { page: fallback.page, match: 'productId only' });
  return {
    ...base,
    status: 'not_found',
    depthScanned: organic,
    observedAt: now().toISOString(),
    evidence: { adsSkipped },
  };
}
