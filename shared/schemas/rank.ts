import { deferred, z } from '../zod';
import { rankMessages } from '../messages/rank';
import { storableJsonSchema } from './storable-json';

/**
 * Rank tracking (docs/rank-worker.md): worker keys, the work list and the observations workers post.
 * Every top-level schema is deferred (built at first parse: keeps Lambda cold imports fast).
 */
export const MAX_OBSERVATIONS_PER_BATCH = 500;
const WORK_PAGE_DEFAULT = 200;
export const WORK_PAGE_MAX = 1000;
/** The deepest a worker may say it scanned (Coupang shows at most ~27 pages of 36). */
export const MAX_DEPTH_SCANNED = 2000;
/**
 * How deep an observation's `evidence` may nest: well inside DynamoDB's 32 levels per item, and
 * deeper than any worker's diagnostics need.
 */
const MAX_EVIDENCE_DEPTH = 16;
/** The rank stored for a check that did not find the product within the scanned depth. */
export const RANK_NOT_FOUND = 999;

export const workerKeyCreateSchema = deferred(() =>
  z.object({
    name: z
      .string({ error: rankMessages.workerKeyNameRequired })
      .check(
        z.trim(),
        z.minLength(1, rankMessages.workerKeyNameRequired),
        z.maxLength(50, rankMessages.workerKeyNameTooLong),
      ),
  }),
);

export const workerKeyIdPathSchema = deferred(() =>
  z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
);

/** How long a lease on a pair lasts unless its worker renews it (`POST /api/rank/leases`). */
export const LEASE_SECONDS = 600;
/**
 * The most pair ids one lease call takes (a work page's most): its own name, so a worker's lease
 * batches read as what they are.
 * @alias
 */
export const MAX_LEASE_PAIRS = WORK_PAGE_MAX;

/**
 * The name a worker process gives itself (its host and process id by default): with the key it names
 * who holds a lease, so several workers sharing one key still split the work.
 */
const workerName = z
  .string({ error: rankMessages.workerNameInvalid })
  .check(z.trim(), z.regex(/^[\w.:@-]{1,64}$/, rankMessages.workerNameInvalid));

export const workQuerySchema = deferred(() =>
  z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(WORK_PAGE_MAX)), WORK_PAGE_DEFAULT),
    cursor: z.optional(z.string().check(z.maxLength(200))),
    /** Given: the answer's pairs are leased to this worker, and pairs leased to another are left out. */
    worker: z.optional(workerName),
  }),
);

/** Take or renew (`POST /api/rank/leases`), or give back (`…/release`), leases on pairs of today. */
export const leaseRequestSchema = deferred(() =>
  z.object({
    worker: workerName,
    pairIds: z
      .array(z.string().check(z.regex(/^[0-9a-f]{32}$/, rankMessages.leasePairIdsInvalid)), {
        error: rankMessages.leasePairIdsInvalid,
      })
      .check(
        z.minLength(1, rankMessages.leasePairIdsInvalid),
        z.maxLength(MAX_LEASE_PAIRS, rankMessages.leasePairIdsInvalid),
      ),
  }),
);

const count = z
  .number({ error: rankMessages.metricCountInvalid })
  .check(
    z.int(rankMessages.metricCountInvalid),
    z.gte(0, rankMessages.metricCountInvalid),
    z.lte(1_000_000_000, rankMessages.metricCountInvalid),
  );
const metricDigits = z.string().check(z.trim(), z.regex(/^\d{1,20}$/));

/** One pair's impressions and clicks of one KST day (the batch's optional `metrics`). */
const metricSchema = deferred(() =>
  z
    .object({
      keyword: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      productId: metricDigits,
      itemId: z.nullish(metricDigits),
      vendorItemId: z.nullish(metricDigits),
      day: z
        .string({ error: rankMessages.metricDayInvalid })
        .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, rankMessages.metricDayInvalid)),
      impressions: count,
      clicks: count,
    })
    .check(
      z.refine((m) => m.clicks <= m.impressions, {
        path: ['clicks'],
        message: rankMessages.metricClicksOverImpressions,
      }),
    ),
);
export type MetricInput = z.output<typeof metricSchema>;

/** The batch: its shape only; each observation is checked on its own (observationSchema) so good ones are kept. */
export const observationBatchSchema = deferred(() =>
  z.object({
    /** The posting worker's name (as on `GET /api/rank/work`): a failed check gives its lease back. */
    worker: z.optional(workerName),
    observations: z
      .array(z.unknown(), { error: rankMessages.observationsRequired })
      .check(
        z.minLength(1, rankMessages.observationsRequired),
        z.maxLength(MAX_OBSERVATIONS_PER_BATCH, rankMessages.observationsTooMany(MAX_OBSERVATIONS_PER_BATCH)),
      ),
    /**
     * Optional impressions and clicks of a pair for a KST day: the day's totals so
     * far (a later report replaces an earlier one). Unlike observations, one bad metric refuses the
     * whole batch (400, nothing written): a worker that sends them sends them on purpose.
     */
    metrics: z.optional(
      z
        .array(metricSchema)
        .check(z.maxLength(MAX_OBSERVATIONS_PER_BATCH, rankMessages.metricsTooMany(MAX_OBSERVATIONS_PER_BATCH))),
    ),
  }),
);

const digits = z.string().check(z.trim(), z.regex(/^\d{1,20}$/));
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** One check of a (keyword, product) pair by a worker. */
export const observationSchema = deferred(() =>
  z
    .object({
      keyword: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      productId: digits,
      itemId: z.nullish(digits),
      vendorItemId: z.nullish(digits),
      status: z.enum(['found', 'not_found', 'failed']),
      rank: z.nullish(z.number().check(z.int(), z.gte(1), z.lte(MAX_DEPTH_SCANNED))),
      depthScanned: z.number().check(z.int(), z.gte(0), z.lte(MAX_DEPTH_SCANNED)),
      observedAt: z.string().check(
        z.regex(ISO_INSTANT),
        z.refine((v) => !Number.isNaN(Date.parse(v))),
      ),
      evidence: z.optional(storableJsonSchema('증거 자료(evidence)', MAX_EVIDENCE_DEPTH)),
      productName: z.nullish(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
      imageUrl: z.nullish(z.string().check(z.trim(), z.maxLength(1000))),
    })
    .check(
      z.superRefine((o, ctx) => {
        if (o.status === 'found' && (o.rank === undefined || o.rank === null))
          ctx.addIssue({ code: 'custom', path: ['rank'], message: rankMessages.rankRequiredWhenFound });
        if (o.status !== 'found' && o.rank !== undefined && o.rank !== null)
          ctx.addIssue({ code: 'custom', path: ['rank'], message: rankMessages.rankOnlyWhenFound });
        if (o.status === 'found' && o.rank && o.depthScanned && o.rank > o.depthScanned)
          ctx.addIssue({ code: 'custom', path: ['rank'], message: rankMessages.rankBeyondDepth });
        if (o.status !== 'found' && (o.productName || o.imageUrl))
          ctx.addIssue({ code: 'custom', path: ['productName'], message: rankMessages.productInfoOnlyWhenFound });
        if (o.evidence !== undefined && JSON.stringify(o.evidence).length > 2000)
          ctx.addIssue({ code: 'custom', path: ['evidence'], message: rankMessages.evidenceTooLarge });
      }),
    ),
);
export type ObservationInput = z.output<typeof observationSchema>;

/** A (keyword, product) pair to check; one check serves every slot that shares it. */
export interface WorkItem {
  /** The pair's id: what the lease routes take. */
  id: string;
  keyword: string;
  productId: string;
  itemId: string | null;
  vendorItemId: string | null;
  /** How many tracked slots share this pair. */
  slots: number;
}

export interface ObservationRejection {
  /** Position in the posted `observations`. */
  index: number;
  field: string | null;
  reason: string;
}

/** What became of one posted observation, in the order they were posted. */
type ObservationOutcome =
  { index: number; outcome: 'accepted' } | { index: number; outcome: 'refused'; field: string | null; reason: string };

/**
 * The answer to a batch (200 even when some are refused): every item's outcome, and for older
 * workers the counts and the refused ones alone. An accepted observation is stored whole; a refused
 * one wrote nothing.
 */
export interface ObservationBatchResult {
  accepted: number;
  rejected: number;
  results: ObservationOutcome[];
  rejections: ObservationRejection[];
  /** Accepted observations whose image was left out (not a marketplace image host), with why. */
  notes: ObservationRejection[];
  /** Accepted observations of pairs the posting worker held no live lease on (stored all the same). */
  unleased: number;
}

/** A rank-check worker's key as developers see it (never the secret after creation). */
export interface WorkerKeyDto {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A key just created: the only answer that carries the secret `key`. */
export interface NewWorkerKeyDto {
  id: string;
  name: string;
  key: string;
  prefix: string;
  createdAt: string;
}

/** GET /rank/work: today's unchecked keyword/product pairs, paged by the last pair id. */
export interface WorkListDto {
  day: string;
  items: WorkItem[];
  /** The pair id to pass as `cursor` for the next page; null after the last pair of the day's list. */
  nextCursor: string | null;
  /** At most this many pairs from the cursor on are still to check (pairs past this page are not read). */
  remaining: number;
  /** With `worker`: the lease the page's pairs are held under. */
  lease: LeaseDto | null;
}

export interface LeaseDto {
  worker: string;
  seconds: number;
  expiresAt: string;
}

/** `POST /api/rank/leases`: the pairs now held until `expiresAt`, and those another worker holds or that are done. */
export interface LeaseClaimDto extends LeaseDto {
  held: string[];
  lost: string[];
}
