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
