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
      .trim()
      .min(1, rankMessages.workerKeyNameRequired)
      .max(50, rankMessages.workerKeyNameTooLong),
  }),
);

export const workerKeyIdPathSchema = deferred(() => z.object({ id: z.string().trim().min(1).max(100) }));

export const workQuerySchema = deferred(() =>
  z.object({
    limit: z.coerce.number().int().min(1).max(WORK_PAGE_MAX).default(WORK_PAGE_DEFAULT),
    cursor: z.string().max(200).optional(),
  }),
);

const count = z
  .number({ error: rankMessages.metricCountInvalid })
  .int(rankMessages.metricCountInvalid)
  .min(0, rankMessages.metricCountInvalid)
  .max(1_000_000_000, rankMessages.metricCountInvalid);

/** One pair's impressions and clicks of one KST day (the batch's optional `metrics`). */
const metricSchema = deferred(() =>
  z
    .object({
      keyword: z.string().trim().min(1).max(100),
      productId: z
        .string()
        .trim()
        .regex(/^\d{1,20}$/),
      itemId: z
        .string()
        .trim()
        .regex(/^\d{1,20}$/)
        .nullish(),
      vendorItemId: z
        .string()
        .trim()
        .regex(/^\d{1,20}$/)
        .nullish(),
      day: z
        .string({ error: rankMessages.metricDayInvalid })
        .regex(/^\d{4}-\d{2}-\d{2}$/, rankMessages.metricDayInvalid),
      impressions: count,
      clicks: count,
    })
    .refine((m) => m.clicks <= m.impressions, { path: ['clicks'], message: rankMessages.metricClicksOverImpressions }),
);
export type MetricInput = z.output<typeof metricSchema>;

/** The batch: its shape only; each observation is checked on its own (observationSchema) so good ones are kept. */
export const observationBatchSchema = deferred(() =>
  z.object({
    observations: z
      .array(z.unknown(), { error: rankMessages.observationsRequired })
      .min(1, rankMessages.observationsRequired)
      .max(MAX_OBSERVATIONS_PER_BATCH, rankMessages.observationsTooMany(MAX_OBSERVATIONS_PER_BATCH)),
    /**
     * Optional impressions and clicks of a pair for a KST day (issue 29 item 6): the day's totals so
     * far (a later report replaces an earlier one). Unlike observations, one bad metric refuses the
     * whole batch (400, nothing written): a worker that sends them sends them on purpose.
     */
    metrics: z
      .array(metricSchema)
      .max(MAX_OBSERVATIONS_PER_BATCH, rankMessages.metricsTooMany(MAX_OBSERVATIONS_PER_BATCH))
      .optional(),
  }),
);

const digits = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** One check of a (keyword, product) pair by a worker. */
export const observationSchema = deferred(() =>
  z
    .object({
      keyword: z.string().trim().min(1).max(100),
      productId: digits,
      itemId: digits.nullish(),
      vendorItemId: digits.nullish(),
      status: z.enum(['found', 'not_found', 'failed']),
      rank: z.number().int().min(1).max(MAX_DEPTH_SCANNED).nullish(),
      depthScanned: z.number().int().min(0).max(MAX_DEPTH_SCANNED),
      observedAt: z
        .string()
        .regex(ISO_INSTANT)
        .refine((v) => !Number.isNaN(Date.parse(v))),
      evidence: storableJsonSchema('증거 자료(evidence)', MAX_EVIDENCE_DEPTH).optional(),
      productName: z.string().trim().min(1).max(200).nullish(),
      imageUrl: z.string().trim().max(1000).nullish(),
    })
    .superRefine((o, ctx) => {
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
