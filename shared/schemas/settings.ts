import { deferred, z } from '../zod';
import { settingsMessages } from '../messages/settings';
import { adminPageSizes, isPageSize, pageSizeMessage } from '../page-sizes';
import { isSettingKey, settingDefinitions, type SettingCategory, type SettingKey, type Settings } from '../settings';

/**
 * Settings writes: the request shapes and the per-key value check, shared by the server
 * and the settings page so both refuse a value with the same Korean sentence naming the key.
 */

/** What a setting's value must look like, read off its zod schema in shared/settings.ts. */
export type SettingRule =
  | { kind: 'boolean' }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'oneOf'; options: readonly string[] }
  | { kind: 'text'; min: number; max: number };

/** A schema's inclusive bounds as its checks state them: a value for numbers, a length for text. */
function boundsOf(schema: z.ZodType): { min?: number; max?: number } {
  const bounds: { min?: number; max?: number } = {};
  for (const check of schema._zod.def.checks ?? []) {
    const d = check._zod.def as { check: string; value?: number; minimum?: number; maximum?: number };
    if (d.check === 'greater_than') bounds.min = d.value;
    else if (d.check === 'less_than') bounds.max = d.value;
    else if (d.check === 'min_length') bounds.min = d.minimum;
    else if (d.check === 'max_length') bounds.max = d.maximum;
  }
  return bounds;
}

export function settingRule(key: SettingKey): SettingRule {
  const def = settingDefinitions[key];
  if (typeof def.default === 'boolean') return { kind: 'boolean' };
  const bounds = boundsOf(def.schema);
  if (typeof def.default === 'number')
    return { kind: 'integer', min: bounds.min ?? 0, max: bounds.max ?? Number.MAX_SAFE_INTEGER };
  if ('options' in def.schema) return { kind: 'oneOf', options: def.schema.options };
  return { kind: 'text', min: bounds.min ?? 0, max: bounds.max ?? 10_000 };
}

const won = (n: number) => n.toLocaleString('ko-KR');

function settingRuleText(rule: SettingRule): string {
  switch (rule.kind) {
    case 'boolean':
      return settingsMessages.reasonBoolean;
    case 'integer':
      return settingsMessages.reasonInteger(won(rule.min), won(rule.max));
    case 'oneOf':
      return settingsMessages.reasonOneOf(rule.options);
    case 'text':
      return settingsMessages.reasonText(rule.min, rule.max);
  }
}

/**
 * A value as sent → the stored value, or the sentence saying what is wrong. Stricter than the read
 * path's `mergeSettings`: a number setting takes a number or a string of digits (the form's input),
 * never `true` or `''` (which `z.coerce` would turn into 1 and 0).
 */
export function checkSettingValue(
  key: string,
  value: unknown,
): { ok: true; key: SettingKey; value: Settings[SettingKey] } | { ok: false; message: string } {
  if (!isSettingKey(key)) return { ok: false, message: settingsMessages.unknownKey(key) };
  const rule = settingRule(key);
  const wrong = { ok: false as const, message: settingsMessages.invalidValue(key, settingRuleText(rule)) };
  const shapeOk =
    rule.kind === 'boolean'
      ? typeof value === 'boolean' || value === 'true' || value === 'false'
      : rule.kind === 'integer'
        ? (typeof value === 'number' && Number.isFinite(value)) ||
          (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value))
        : typeof value === 'string';
  if (!shapeOk) return wrong;
  const parsed = settingDefinitions[key].schema.safeParse(value);
  if (!parsed.success) {
    // A rule of its own (the logo's address), when it is the only one broken, says what is wrong.
    const [first] = parsed.error.issues;
    return parsed.error.issues.every((i) => i.code === 'custom')
      ? { ok: false, message: settingsMessages.invalidValue(key, first.message) }
      : wrong;
  }
  return { ok: true, key, value: parsed.data as Settings[SettingKey] };
}

/** Rules between settings: checked on the settings as they would be after the write. */
export function checkSettingsTogether(
  settings: Pick<Settings, 'minCashCharge' | 'maxCashCharge'>,
): { key: SettingKey; message: string } | null {
  if (settings.minCashCharge > settings.maxCashCharge) {
    return {
      key: 'minCashCharge',
      message: settingsMessages.invalidValue('minCashCharge', settingsMessages.reasonCashRange),
    };
  }
  return null;
}

const MAX_SETTINGS_PER_WRITE = 50;

/**
 * PUT /api/system-settings body `{ settings: [{ key, value, category? }] }`. The shape only: each
 * value is checked against its key with `checkSettingValue` (all of them, so the answer names every
 * wrong key).
 */
export const updateSettingsSchema = deferred(() =>
  z.object({
    settings: z
      .array(
        z.object({
          key: z.string({ error: settingsMessages.settingsRequired }).check(z.maxLength(100)),
          value: z.unknown(),
          /** Checked against the key's own category by the server, so a wrong one is named by its key. */
          category: z.optional(z.string().check(z.maxLength(20))),
        }),
        { error: settingsMessages.settingsRequired },
      )
      .check(
        z.minLength(1, { error: settingsMessages.settingsRequired }),
        z.maxLength(MAX_SETTINGS_PER_WRITE, { error: settingsMessages.tooManySettings(MAX_SETTINGS_PER_WRITE) }),
      ),
  }),
);

/** PUT /api/system-settings/key/{key} body `{ value }`. */
export const updateSettingSchema = deferred(() => z.object({ value: z.unknown() }));

export const settingKeyPathSchema = deferred(() => z.object({ key: z.string().check(z.maxLength(100)) }));
export const settingChangeIdPathSchema = deferred(() =>
  z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }),
);

/** GET /api/system-settings/history `?page&limit&key=` (admin page sizes). */
export const settingHistoryQuerySchema = deferred(() =>
  z.object({
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
    limit: z._default(
      z.coerce.number().check(
        z.int(),
        z.refine((n) => isPageSize(adminPageSizes, n), { error: pageSizeMessage(adminPageSizes) }),
      ),
      30,
    ),
    key: z.optional(z.string().check(z.maxLength(100))),
  }),
);
export type SettingHistoryQuery = z.output<typeof settingHistoryQuerySchema>;

/** One logged settings change (who, when, old → new). */
export interface SettingChange {
  id: string;
  key: SettingKey;
  category: SettingCategory;
  oldValue: unknown;
  newValue: unknown;
  changedBy: { id: string; name: string };
  changedAt: string;
  /** The change this one undid (POST …/history/{id}/revert), or null. */
  revertOf: string | null;
}

/** One setting with its category (GET/PUT /system-settings/key/{key}, a revert). */
export interface SettingEntryDto {
  key: SettingKey;
  value: Settings[SettingKey];
  category: SettingCategory;
}

/** GET /health: liveness and store reachability (the 503 answer carries the same fields as details). */
export interface HealthDto {
  status: 'ok' | 'degraded';
  store: 'reachable' | 'unreachable';
  checkedAt: string;
}

/** Path parameters of the public reads: any string (an unknown key or category is a 404, not a 400). */
export const settingCategoryPathSchema = deferred(() => z.object({ category: z.string() }));
export const settingKeyReadPathSchema = deferred(() => z.object({ key: z.string() }));
