import { deferred, z } from '../zod';
import { rankMessages } from '../messages/rank';
import { storableJsonSchema } from './storable-json';

/**
 * Rank tracking (issue 12, design §6): worker keys, the work list and the observations workers post.
 * Every top-level schema is deferred (built at first parse: keeps Lambda cold imports fast).
 */
export const MAX_OBSERVATIONS_PER_BATCH = 500;
export const WORK_PAGE_DEFAULT = 200;
export const WORK_PAGE_MAX = 1000;
/** The deepest a worker may say it scanned (Coupang shows at most ~27 pages of 36). */
export const MAX_DEPTH_SCANNED = 2000;
/**
 * How deep an observation's `evidence` may nest: well inside DynamoDB's 32 levels per item, and
 * deeper than any worker's diagnostics need.
 */
export const MAX_EVIDENCE_DEPTH = 16;
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

export const workQuerySchema = deferred(() =>
  z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(WORK_PAGE_MAX)), WORK_PAGE_DEFAULT),
    cursor: z.optional(z.string().check(z.maxLength(200))),
  }),
);

/** The batch: its shape only; each observation is checked on its own (observationSchema) so good ones are kept. */
export const observationBatchSchema = deferred(() =>
  z.object({
    observations: z
      .array(z.unknown(), { error: rankMessages.observationsRequired })
      .check(
        z.minLength(1, rankMessages.observationsRequired),
        z.maxLength(MAX_OBSERVATIONS_PER_BATCH, rankMessages.observationsTooMany(MAX_OBSERVATIONS_PER_BATCH)),
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
export type ObservationOutcome =
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
  nextCursor: string | null;
  remaining: number;
}
