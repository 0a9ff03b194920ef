/**
 * The deepest a request body (or a WebSocket message) may nest its arrays and objects. No request of
 * the product needs more than a handful of levels; the limit sits above DynamoDB's 32 so a field that
 * carries free JSON (a rank observation's evidence) still gets its own, per-field answer. It is checked
 * on the raw text before JSON.parse, so nothing that walks the parsed value (text cleaning, zod, the
 * DynamoDB marshaller) ever meets a deeper one.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * True when the JSON text nests deeper than `limit`. One pass over the characters, no allocation:
 * brackets inside strings (escapes included) are not counted. Text that is not JSON may pass; the
 * parser refuses it afterwards.
 */
export function nestsDeeperThan(raw: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
