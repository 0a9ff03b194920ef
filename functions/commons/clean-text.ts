/**
 * Text that reaches the store is text a person typed: C0/C1 control characters (NUL and friends;
 * tab, line feed and carriage return stay), lone UTF-16 surrogates and the bidi embedding, override
 * and isolate controls (which can make a name or a URL read backwards: "Trojan Source") are removed.
 * The HTTP adapter applies it to every request body and query once, so no field can forget it.
 */
const UNWANTED =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Characters that show nothing: zero-width spaces and joiners, word joiner, BOM, soft hyphen, the
 * Hangul fillers (a favourite "blank" name), variation selectors, invisible operators and tags.
 * Inside real text they stay (a joiner builds an emoji); a text made only of them and spaces loses
 * them, so it is as empty as it looks and every required field refuses it with its own message.
 */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- combining marks are matched one by one on purpose: they are what an invisible-only text is made of
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2060-\u2064\u206A-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|[\u{E0000}-\u{E01EF}]/gu;
// eslint-disable-next-line no-misleading-character-class -- the same characters, as above
const INVISIBLE_ONLY = new RegExp(`^(?:\\s|${INVISIBLE.source})*$`, 'u');

export const cleanText = (value: string): string => {
  const cleaned = value.replace(UNWANTED, '');
  return INVISIBLE_ONLY.test(cleaned) ? cleaned.replace(INVISIBLE, '') : cleaned;
};

/** A JSON container (array or object) whose members are cleaned. */
type Container = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Container => !!value && typeof value === 'object';

/**
 * Every string inside a parsed JSON value (keys included), cleaned. It walks with its own stack, not
 * recursion, so no nesting can overflow the call stack (the HTTP adapter also refuses deep bodies
 * before parsing). Keys are set as own data properties: a `__proto__` key stays a plain key.
 */
export function cleanTexts<T>(value: T): T {
  if (!isContainer(value)) return (typeof value === 'string' ? cleanText(value) : value) as T;
  const emptyLike = (source: Container): Container => (Array.isArray(source) ? [] : {});
  const root = emptyLike(value);
  const pending: Array<[Container, Container]> = [[value, root]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [source, target] = next;
    const entries: Array<[string, unknown]> = Array.isArray(source)
      ? source.map((v, i) => [String(i), v])
      : Object.entries(source);
    for (const [key, member] of entries) {
      let out: unknown = member;
      if (isContainer(member)) pending.push([member, (out = emptyLike(member))]);
      else if (typeof member === 'string') out = cleanText(member);
      if (Array.isArray(target)) target.push(out);
      else
        Object.defineProperty(target, cleanText(key), {
          value: out,
          writable: true,
          enumerable: true,
          configurable: true,
        });
    }
  }
  return root as T;
}
