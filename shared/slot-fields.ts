import type { FieldIssue } from './api';
import { parseCoupangUrl } from './coupang-url';
import {
  coreFieldKeys,
  defaultFieldConfigs,
  fieldValueOf,
  optionsOf,
  reservedFieldKeys,
  systemFieldKeys,
  type FieldConfig,
} from './field-configs';
import { slotFieldMessages } from './messages/slots';
import { MAX_KEYWORDS } from './slot-constants';

/**
 * Slot field validation generated from the field configs (every slot form and the bulk grids). The web
 * forms and the server call the same functions, so a value the form accepts is one the server
 * accepts and the messages read the same.
 *
 * - `keywords` and `landingUrl` are the core fields: every slot form shows them (even if a config
 *   switched them off: a slot without keyword and URL can't be tracked) and registration requires
 *   them with their own texts.
 * - Other fields follow their config: enabled ones are shown; required ones must be non-blank after
 *   trimming ('{label}은(는) 필수 입력 항목입니다.'); number = digits only; email and url formats;
 *   keywords at most 10, comma-separated; select = one of the field's options; boolean = 'true' or
 *   'false' (stored as that text, shown as 예/아니오).
 * - The landing URL follows THE Coupang rule (shared/coupang-url.ts); the derived ids are written
 *   to the system fields url_product_id, url_item_id and url_vendor_item_id.
 * - Values of unknown, disabled or system fields are dropped (the server derives the system ones).
 */
export const KEYWORD_FIELD = 'keywords';
export const URL_FIELD = 'landingUrl';
export const MID_FIELD = 'mid';
const coreFields = new Set<string>(coreFieldKeys);

/**
 * The fields a slot form shows, in display order (enabled, not system-generated; core fields always —
 * with their default config when a stored list lacks one, so no config change lets a slot be
 * registered and paid for without a keyword or a product URL). A stored config with a reserved key
 * (`constructor`, …: only a row written by hand can have one) is left out: it asks for nothing and
 * its values are dropped like an unknown field's, so it can neither block registration nor reach
 * the store (the DynamoDB marshaller reads a map's `constructor` to tell its type).
 */
export function slotFormFields(configs: readonly FieldConfig[]): FieldConfig[] {
  const missingCore = defaultFieldConfigs.filter(
    (d) => coreFields.has(d.field_key) && !configs.some((c) => c.field_key === d.field_key),
  );
  return [...configs, ...missingCore]
    .filter((c) => !c.is_system_generated && !(systemFieldKeys as readonly string[]).includes(c.field_key))
    .filter((c) => !reservedFieldKeys.has(c.field_key))
    .filter((c) => c.is_enabled || coreFields.has(c.field_key))
    .toSorted((a, b) => a.display_order - b.display_order);
}

/** The configured columns of the slot list (enabled, shown in list, not system-generated). */
export const slotListFields = (configs: readonly FieldConfig[]) =>
  slotFormFields(configs).filter((c) => c.show_in_list);

const maxLengthOf = (type: FieldConfig['field_type']) => (type === 'textarea' ? 2000 : 500);

/** Input keys API clients also use for the core fields (POST /slots: keyword or keywords, url or landingUrl). */
const aliases = new Map([
  ['keyword', KEYWORD_FIELD],
  ['url', URL_FIELD],
]);

export type RawFieldValues = Record<string, unknown>;

/**
 * Merges top-level `keyword`/`url`/`mid` and aliases into one map keyed by field_key (customFields win).
 * Built in a Map: a key such as `constructor` or `__proto__` is a plain key like any other.
 */
export function collectFieldInput(input: {
  customFields?: RawFieldValues | null;
  keyword?: unknown;
  keywords?: unknown;
  url?: unknown;
  landingUrl?: unknown;
  mid?: unknown;
}): RawFieldValues {
  const out = new Map<string, unknown>();
  const put = (key: string, value: unknown) => {
    if (value === undefined) return;
    out.set(aliases.get(key) ?? key, value);
  };
  put('keyword', input.keyword);
  put('keywords', input.keywords);
  put('url', input.url);
  put('landingUrl', input.landingUrl);
  put('mid', input.mid);
  for (const [key, value] of Object.entries(input.customFields ?? {})) {
    // A real value under an alias must not be erased by an empty value under the field key.
    const target = aliases.get(key) ?? key;
    const current = out.get(target);
    if (value === undefined || ((value === '' || value === null) && current !== undefined && current !== '')) continue;
    out.set(target, value);
  }
  return Object.fromEntries(out);
}

const asText = (value: unknown): string | null => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
};

/** Keywords as entered, split on commas, blanks dropped. */
export const splitKeywords = (value: string) =>
  value
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

export const isBlankRow = (values: RawFieldValues) =>
  Object.values(values).every((v) => (asText(v) ?? 'x').trim() === '');

export interface SlotFieldValues {
  /** field_key → value, trimmed, including the derived system fields when a URL is present. */
  customFields: Record<string, string>;
  keyword: string;
  url: string;
  mid: string;
  productId: string;
  itemId: string;
  vendorItemId: string;
}

export type FieldMode =
  /** Registration and edits of a filled slot: required fields and keyword + URL must be present. */
  | 'complete'
  /** Filling an empty slot: at least one field; whatever is given must be valid. */
  | 'fill';

export type SlotFieldsResult = { ok: true; values: SlotFieldValues } | { ok: false; errors: FieldIssue[] };

/**
 * Validates and normalises slot field values against the configs. Returns every field's first
 * problem (forms show them all; the server answers the first and lists the rest in `details`).
 */
export function validateSlotFields(
  raw: RawFieldValues,
  configs: readonly FieldConfig[],
  mode: FieldMode = 'complete',
): SlotFieldsResult {
  const fields = slotFormFields(configs);
  const errors: FieldIssue[] = [];
  const values = new Map<string, string>();
  const ids = { productId: '', itemId: '', vendorItemId: '' };
  const issue = (f: FieldConfig, message: string) => errors.push({ field: f.field_key, label: f.label, message });

  for (const f of fields) {
    const text = asText(fieldValueOf(raw, f.field_key));
    if (text === null) {
      issue(f, slotFieldMessages.notText(f.label));
      continue;
    }
    let value = text.trim();

    if (f.field_key === URL_FIELD) {
      if (!value) {
        if (mode === 'complete') issue(f, slotFieldMessages.urlRequired);
        continue;
      }
      const parsed = parseCoupangUrl(value);
      if (!parsed.ok) {
        issue(f, parsed.message);
        continue;
      }
      value = parsed.url;
      ids.productId = parsed.productId;
      ids.itemId = parsed.itemId;
      ids.vendorItemId = parsed.vendorItemId;
    } else if (!value) {
      if (mode === 'complete' && f.field_key === KEYWORD_FIELD) issue(f, slotFieldMessages.keywordRequired);
      else if (mode === 'complete' && f.is_required) issue(f, slotFieldMessages.required(f.label));
      continue;
    }

    const max = maxLengthOf(f.field_type);
    if (value.length > max) {
      issue(f, slotFieldMessages.tooLong(f.label, max));
      continue;
    }
    if (f.field_key === KEYWORD_FIELD && splitKeywords(value).length > MAX_KEYWORDS) {
      issue(f, slotFieldMessages.tooManyKeywords);
      continue;
    }
    if (f.field_key === KEYWORD_FIELD && splitKeywords(value).length === 0) {
      // Only commas: nothing to track.
      if (mode === 'complete') issue(f, slotFieldMessages.keywordRequired);
      continue;
    }
    if (f.field_key !== URL_FIELD) {
      const typeError = checkType(f, value);
      if (typeError) {
        issue(f, typeError);
        continue;
      }
    }
    values.set(f.field_key, value);
  }

  if (mode === 'fill' && errors.length === 0 && values.size === 0) {
    errors.push({ field: 'customFields', message: slotFieldMessages.fillAtLeastOne });
  }
  if (errors.length) return { ok: false, errors };

  if (ids.productId) {
    values.set('url_product_id', ids.productId);
    values.set('url_item_id', ids.itemId);
    values.set('url_vendor_item_id', ids.vendorItemId);
  }
  // fromEntries defines own properties: a stored `__proto__` field stays a field.
  const customFields: Record<string, string> = Object.fromEntries(values);
  return {
    ok: true,
    values: {
      customFields,
      keyword: values.get(KEYWORD_FIELD) ?? '',
      url: values.get(URL_FIELD) ?? '',
      mid: values.get(MID_FIELD) ?? '',
      ...ids,
    },
  };
}

function checkType(f: FieldConfig, value: string): string | null {
  switch (f.field_type) {
    case 'number':
      return /^\d+$/.test(value) ? null : slotFieldMessages.digitsOnly(f.label);
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : slotFieldMessages.email(f.label);
    case 'url':
      return /^https?:\/\/[^\s/.]+\.[^\s]+$/i.test(value) ? null : slotFieldMessages.url(f.label);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : slotFieldMessages.date(f.label);
    case 'boolean':
      return value === 'true' || value === 'false' ? null : slotFieldMessages.boolean(f.label);
    case 'select':
      // Exact match: the form offers only these; a stored value from before an options edit must be re-picked.
      return optionsOf(f).includes(value) ? null : slotFieldMessages.notAnOption(f.label, optionsOf(f));
    default:
      return null;
  }
}

/**
 * One registration as the server will read it: the field values it would store when it accepts them
 * (trimmed, the URL in its normal form, without the system fields it derives itself), else the given
 * values trimmed. The web sends this and keys its Idempotency-Key on it, so ' 키워드' and '키워드', or a
 * URL with and without its search tail, are one request, one intent and one charge.
 */
export function registrationIntent(raw: RawFieldValues, configs: readonly FieldConfig[]): Record<string, unknown> {
  const checked = validateSlotFields(raw, configs, 'complete');
  const system = new Set<string>(systemFieldKeys);
  const entries = checked.ok
    ? Object.entries(checked.values.customFields).filter(([key]) => !system.has(key))
    : Object.entries(raw)
        .map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value] as const)
        .filter(([, value]) => value !== '' && value !== null && value !== undefined);
  return Object.fromEntries(entries);
}
