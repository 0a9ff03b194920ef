import { toJSONSchema } from 'zod';
import type { z } from '#shared/zod';
import { fieldLabels } from '#shared/messages/common';

/** One row of an input table: a field of a path, query or body schema, as zod's JSON Schema says it. */
export interface FieldRow {
  /** `settings[].key` for a field inside an array of objects. */
  name: string;
  type: string;
  required: boolean;
  /** Lengths, ranges, sizes, defaults, in words. */
  rules: string[];
  /** The Korean label a 400 names the field with (shared/messages/common.ts `fieldLabels`), if it has one. */
  label?: string;
}

type Json = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  properties?: Record<string, Json>;
  required?: string[];
  additionalProperties?: Json | boolean;
  propertyNames?: Json;
  items?: Json;
  prefixItems?: Json[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

/** z.int()'s own bounds say nothing a reader needs. */
const SAFE = Number.MAX_SAFE_INTEGER;
const shown = (v: unknown) => `\`${JSON.stringify(v)}\``;
const num = (n: number) => (Math.abs(n) >= 10_000 ? n.toLocaleString('en-US') : String(n));

/** A short type: `string`, `integer`, `one of "a", "b"`, `array of string`, `object`. */
function typeOf(s: Json): string {
  if (s.const !== undefined) return shown(s.const);
  if (s.enum) return s.enum.length === 1 ? shown(s.enum[0]) : `one of ${s.enum.map(shown).join(', ')}`;
  const alts = s.anyOf ?? s.oneOf;
  if (alts) {
    // Optional-as-empty (`""`) and nullable alternatives read better as words.
    const parts = [...new Set(alts.map(typeOf))];
    return parts.join(' or ');
  }
  if (s.allOf?.length) return s.allOf.map(typeOf).join(' and ');
  const t = Array.isArray(s.type) ? s.type.join(' or ') : s.type;
  if (t === 'array') {
    if (s.prefixItems) return `tuple [${s.prefixItems.map(typeOf).join(', ')}]`;
    return s.items ? `array of ${typeOf(s.items)}` : 'array';
  }
  if (t === 'object') {
    if (s.properties) return 'object';
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      return `map of ${typeOf(s.additionalProperties)}`;
    return 'object';
  }
  if (t === 'string' && s.format) return `string (${s.format})`;
  return t ?? 'any JSON';
}

/** The limits of one schema node, in words. */
function rulesOf(s: Json): string[] {
  const rules: string[] = [];
  const range = (lo: number | undefined, hi: number | undefined, unit: string) => {
    if (lo !== undefined && hi !== undefined)
      rules.push(lo === hi ? `${num(lo)}${unit}` : `${num(lo)}–${num(hi)}${unit}`);
    else if (lo !== undefined) rules.push(`≥ ${num(lo)}${unit}`);
    else if (hi !== undefined) rules.push(`≤ ${num(hi)}${unit}`);
  };
  // `min(1)` alone means only that the text may not be empty.
  if (s.minLength === 1 && s.maxLength === undefined) rules.push('non-empty');
  else range(s.minLength, s.maxLength, ' chars');
  const lo = s.minimum !== undefined && s.minimum > -SAFE ? s.minimum : undefined;
  const hi = s.maximum !== undefined && s.maximum < SAFE ? s.maximum : undefined;
  range(lo, hi, '');
  if (s.exclusiveMinimum !== undefined) rules.push(`> ${num(s.exclusiveMinimum)}`);
  if (s.exclusiveMaximum !== undefined) rules.push(`< ${num(s.exclusiveMaximum)}`);
  if (s.multipleOf !== undefined) rules.push(`multiple of ${s.multipleOf}`);
  range(s.minItems, s.maxItems, ' items');
  if (s.pattern && s.pattern.length <= 60) rules.push(`pattern \`${s.pattern}\``);
  if (s.propertyNames?.maxLength !== undefined) rules.push(`names ≤ ${s.propertyNames.maxLength} chars`);
  for (const alt of s.anyOf ?? s.oneOf ?? []) rules.push(...rulesOf(alt).filter((r) => !rules.includes(r)));
  if (s.default !== undefined) rules.push(`default ${shown(s.default)}`);
  return rules;
}

/** The object schema inside an array, an alternative or an intersection, if there is one. */
function objectIn(s: Json): Json | undefined {
  if (s.properties) return s;
  if (s.items) return objectIn(s.items);
  for (const alt of s.anyOf ?? s.oneOf ?? s.allOf ?? []) {
    const o = objectIn(alt);
    if (o) return o;
  }
  return undefined;
}

function rowsOf(s: Json, prefix: string, depth: number): FieldRow[] {
  const object = objectIn(s);
  if (!object?.properties) return [];
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties).flatMap(([key, child]) => {
    const name = prefix + key;
    const label = Object.hasOwn(fieldLabels, key) ? fieldLabels[key] : undefined;
    const row: FieldRow = { name, type: typeOf(child), required: required.has(key), rules: rulesOf(child), label };
    // Arrays of objects and nested objects get a row per inner field (`rows[].customFields`).
    const inner = objectIn(child);
    if (!inner || depth >= 3) return [row];
    const isArray = typeOf(child).startsWith('array') || child.anyOf?.some((a) => a.type === 'array');
    return [row, ...rowsOf(child, `${name}${isArray ? '[]' : ''}.`, depth + 1)];
  });
}

/** The fields of a route's path, query or body schema, as a client sends them (defaults make a field optional). */
export function fieldsOf(schema: z.ZodType): FieldRow[] {
  const json = toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Json;
  const rows = rowsOf(json, '', 0);
  // A body that is not an object (none today) is shown as one row.
  return rows.length || json.properties
    ? rows
    : [{ name: '(body)', type: typeOf(json), required: true, rules: rulesOf(json) }];
}

/**
 * The page sizes a `limit` query field accepts. Most lists check membership with a refine, which JSON
 * Schema cannot carry, so the schema itself is asked: every size from 1 to 1,000 is parsed.
 */
export function pageSizesOf(schema: z.ZodType): string | undefined {
  const fields = fieldsOf(schema);
  if (!fields.some((f) => f.name === 'limit')) return undefined;
  const accepted: number[] = [];
  for (let n = 1; n <= 1000; n++) {
    const result = schema.safeParse({ limit: String(n) });
    if (result.success || !result.error.issues.some((i) => i.path[0] === 'limit')) accepted.push(n);
  }
  if (!accepted.length) return undefined;
  const contiguous = accepted.every((n, i) => i === 0 || n === accepted[i - 1] + 1);
  return contiguous ? `${accepted[0]}–${num(accepted.at(-1)!)}` : accepted.join(', ');
}
