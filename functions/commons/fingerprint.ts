import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so two equal values always serialise alike. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** sha256 of the canonical JSON: the same request always has the same fingerprint. */
export const fingerprintOf = (value: unknown): string =>
  createHash('sha256')
    .update(canonicalJson(value) ?? 'undefined')
    .digest('hex');
