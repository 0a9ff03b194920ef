/**
 * Text that reaches the store is text a person typed: C0/C1 control characters (NUL and friends;
 * tab, line feed and carriage return stay), lone UTF-16 surrogates and the bidi embedding, override
 * and isolate controls (which can make a name or a URL read backwards: "Trojan Source") are removed.
 * The HTTP adapter applies it to every request body and query once, so no field can forget it.
 */
const UNWANTED =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const cleanText = (value: string): string => value.replace(UNWANTED, '');

/** Every string inside a parsed JSON value (keys included), cleaned. */
export function cleanTexts<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map(cleanTexts) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [cleanText(k), cleanTexts(v)]),
    ) as T;
  }
  return value;
}
