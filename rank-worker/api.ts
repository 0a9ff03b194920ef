import { createHash } from 'node:crypto';
import {
  MAX_LEASE_PAIRS,
  MAX_OBSERVATIONS_PER_BATCH,
  WORK_PAGE_MAX,
  type LeaseClaimDto,
  type WorkItem,
  type WorkListDto,
} from '../shared/schemas/rank';
import type { Observation } from './check';

/** The product's worker API (docs/api.md "rank", docs/rank-worker.md). The key goes in a header and is never logged. */
export class WorkerApi {
  constructor(
    private readonly base: string,
    private readonly key: string,
    private readonly log: (line: string) => void = console.log,
    private readonly retryDelayMs = 1000,
    /** This process's name for leases; without one the worker only reads the list and holds nothing. */
    private readonly worker?: string,
  ) {}

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.base.replace(/\/$/, '')}${path}`, {
      method,
      headers: { 'x-api-key': this.key, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json().catch(() => null)) as { data?: unknown; error?: string } | null;
    if (!res.ok) {
      const err = new Error(`${method} ${path.split('?')[0]}: ${res.status} ${json?.error ?? ''}`.trim());
      (err as Error & { status?: number }).status = res.status;
      throw err;
    }
    return json?.data ?? json;
  }

  /** The whole work list of today, read only (nothing leased): pairs without a found / not-found check today. */
  async work(): Promise<WorkItem[]> {
    const items: WorkItem[] = [];
    let cursor: string | null = null;
    do {
      const page = (await this.call(
        'GET',
        `/api/rank/work?limit=${WORK_PAGE_MAX}${cursor ? `&cursor=${cursor}` : ''}`,
      )) as { items: WorkItem[]; nextCursor: string | null };
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  /**
   * The next `limit` pairs after `cursor` that no other worker holds, leased to this worker (its name
   * is required). An empty page with no `nextCursor` ends the round.
   */
  async take(limit: number, cursor: string | null): Promise<WorkListDto> {
    const query = new URLSearchParams({ limit: String(limit), worker: this.requireWorker() });
    if (cursor) query.set('cursor', cursor);
    return (await this.call('GET', `/api/rank/work?${query}`)) as WorkListDto;
  }

  /** Takes or renews this worker's leases on the pairs: which it holds now, which another one has (or are done). */
  async claim(pairIds: string[]): Promise<Pick<LeaseClaimDto, 'held' | 'lost'>> {
    const out: Pick<LeaseClaimDto, 'held' | 'lost'> = { held: [], lost: [] };
    for (let i = 0; i < pairIds.length; i += MAX_LEASE_PAIRS) {
      const part = (await this.call('POST', '/api/rank/leases', {
        worker: this.requireWorker(),
        pairIds: pairIds.slice(i, i + MAX_LEASE_PAIRS),
      })) as LeaseClaimDto;
      out.held.push(...part.held);
      out.lost.push(...part.lost);
    }
    return out;
  }

  /** Gives back leases this worker will not use (it is stopping); failures are only logged. */
  async release(pairIds: string[]): Promise<void> {
    for (let i = 0; i < pairIds.length; i += MAX_LEASE_PAIRS)
      await this.call('POST', '/api/rank/leases/release', {
        worker: this.requireWorker(),
        pairIds: pairIds.slice(i, i + MAX_LEASE_PAIRS),
      }).catch((err: Error) => this.log(`release failed (${err.message}); the leases run out by themselves`));
  }

  private requireWorker(): string {
    if (!this.worker) throw new Error('WorkerApi: leases need the worker name');
    return this.worker;
  }

  /**
   * Posts in batches; each batch is retried (same observedAt, so a repeat stores nothing new) with
   * backoff on network errors and 5xx/429. Refused items are logged one by one when the answer lists them.
   */
  async post(observations: Observation[], attempts = 4): Promise<{ accepted: number; rejected: number }> {
    let accepted = 0;
    let rejected = 0;
    for (let i = 0; i < observations.length; i += MAX_OBSERVATIONS_PER_BATCH) {
      const batch = observations.slice(i, i + MAX_OBSERVATIONS_PER_BATCH);
      for (let attempt = 1; ; attempt++) {
        try {
          const result = ((await this.call('POST', '/api/rank/observations', {
            observations: batch,
            ...(this.worker ? { worker: this.worker } : {}),
          })) ?? {}) as {
            accepted?: unknown;
            rejected?: unknown;
            rejections?: unknown;
          };
          const refused = (Array.isArray(result.rejections) ? result.rejections : []) as Array<{
            index: number;
            reason?: string;
            field?: string | null;
          }>;
          for (const r of refused)
            this.log(
              `refused: ${batch[r.index]?.keyword ?? '?'} / ${batch[r.index]?.productId ?? '?'}: ${r.field ?? ''} ${r.reason ?? ''}`,
            );
          accepted += typeof result.accepted === 'number' ? result.accepted : batch.length - refused.length;
          rejected += typeof result.rejected === 'number' ? result.rejected : refused.length;
          break;
        } catch (err) {
          const status = (err as { status?: number }).status;
          const retryable = status === undefined || status >= 500 || status === 429;
          if (!retryable || attempt >= attempts) throw err;
          this.log(`post failed (${(err as Error).message}), retry ${attempt}/${attempts - 1}`);
          await new Promise((r) => setTimeout(r, this.retryDelayMs * 2 ** (attempt - 1)));
        }
      }
    }
    return { accepted, rejected };
  }
}

/**
 * Which of `n` workers checks a pair (0-based): a hash of the pair, so each pair has one owner and the
 * split does not move as the list shrinks during the day.
 */
export const shardOf = (pair: Pick<WorkItem, 'keyword' | 'productId' | 'itemId' | 'vendorItemId'>, n: number) =>
  createHash('sha256')
    .update(`${pair.keyword}|${pair.productId}|${pair.itemId ?? ''}|${pair.vendorItemId ?? ''}`)
    .digest()
    .readUInt32BE(0) % n;
