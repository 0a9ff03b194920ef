import { createHash } from 'node:crypto';
import {
  ApiError,
  createApiClient,
  type AnswerAt,
  type ApiClient,
  type CallArgsAt,
  type RouteKeyOf,
  type WorkerRoute,
} from '../shared/api-client';
import {
  MAX_LEASE_PAIRS,
  MAX_OBSERVATIONS_PER_BATCH,
  WORK_PAGE_MAX,
  type LeaseClaimDto,
  type ObservationBatchResult,
  type WorkItem,
  type WorkListDto,
} from '../shared/schemas/rank';
import type { Observation } from './check';

/** Long enough for a full batch on a busy product. */
const CALL_TIMEOUT_MS = 120_000;

/** A refused or failed call, named by its route (never its key); `status` is 0 when no answer came. */
class WorkerApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'WorkerApiError';
  }
}

/**
 * The product's worker API (docs/api.md "rank", docs/rank-worker.md) over the shared typed client, which
 * lets it name the worker's routes only. The key goes in a header and is never logged.
 */
export class WorkerApi {
  private readonly client: ApiClient<WorkerRoute>;

  constructor(
    base: string,
    key: string,
    private readonly log: (line: string) => void = console.log,
    private readonly retryDelayMs = 1000,
    /** This process's name for leases; without one the worker only reads the list and holds nothing. */
    private readonly worker?: string,
  ) {
    this.client = createApiClient<WorkerRoute>({
      baseUrl: base,
      headers: () => ({ 'x-api-key': key }),
      // A product that stopped answering is a failed call (a post is retried), never a worker hung for good.
      timeoutMs: CALL_TIMEOUT_MS,
    });
  }

  /** One call's data; a failure becomes an error that names the route and its status (which decides a retry). */
  private async call<K extends RouteKeyOf<WorkerRoute>>(
    key: K,
    ...input: CallArgsAt<WorkerRoute, K>
  ): Promise<AnswerAt<WorkerRoute, K>> {
    try {
      return await this.client.call(key, ...input);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const status = err.status ? `${err.status} ` : '';
      throw new WorkerApiError(`${key}: ${status}${err.message}`, err.status);
    }
  }

  /** The whole work list of today, read only (nothing leased): pairs without a found / not-found check today. */
  async work(): Promise<WorkItem[]> {
    const items: WorkItem[] = [];
    let cursor: string | null = null;
    do {
      const page: WorkListDto = await this.call('GET /api/rank/work', {
        query: { limit: WORK_PAGE_MAX, cursor: cursor ?? undefined },
      });
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
    const query = { limit, worker: this.requireWorker(), cursor: cursor ?? undefined };
    return this.call('GET /api/rank/work', { query });
  }

  /** Takes or renews this worker's leases on the pairs: which it holds now, which another one has (or are done). */
  async claim(pairIds: string[]): Promise<Pick<LeaseClaimDto, 'held' | 'lost'>> {
    const out: Pick<LeaseClaimDto, 'held' | 'lost'> = { held: [], lost: [] };
    for (let i = 0; i < pairIds.length; i += MAX_LEASE_PAIRS) {
      const body = { worker: this.requireWorker(), pairIds: pairIds.slice(i, i + MAX_LEASE_PAIRS) };
      const part = await this.call('POST /api/rank/leases', { body });
      out.held.push(...part.held);
      out.lost.push(...part.lost);
    }
    return out;
  }

  /** Gives back leases this worker will not use (it is stopping); failures are only logged. */
  async release(pairIds: string[]): Promise<void> {
    for (let i = 0; i < pairIds.length; i += MAX_LEASE_PAIRS) {
      const body = { worker: this.requireWorker(), pairIds: pairIds.slice(i, i + MAX_LEASE_PAIRS) };
      await this.call('POST /api/rank/leases/release', { body }).catch((err: Error) =>
        this.log(`release failed (${err.message}); the leases run out by themselves`),
      );
    }
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
          const body = { observations: batch, ...(this.worker ? { worker: this.worker } : {}) };
          // Read with care all the same: an older server may answer without some of the counts.
          const result: Partial<ObservationBatchResult> =
            (await this.call('POST /api/rank/observations', { body })) ?? {};
          const refused = Array.isArray(result.rejections) ? result.rejections : [];
          for (const r of refused)
            this.log(
              `refused: ${batch[r.index]?.keyword ?? '?'} / ${batch[r.index]?.productId ?? '?'}: ${r.field ?? ''} ${r.reason ?? ''}`,
            );
          accepted += typeof result.accepted === 'number' ? result.accepted : batch.length - refused.length;
          rejected += typeof result.rejected === 'number' ? result.rejected : refused.length;
          break;
        } catch (err) {
          // No answer (status 0: network, timeout), the server's trouble (5xx) or its throttle (429).
          const status = err instanceof WorkerApiError ? err.status : 0;
          const retryable = status === 0 || status >= 500 || status === 429;
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
