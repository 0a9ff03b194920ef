/** Images are only ever served from the product's own origin: `/media/announcements/{ULID}.{ext}`. */
export const ANNOUNCEMENT_IMAGE_PATH = /^\/media\/announcements\/[0-9A-HJKMNP-TV-Z]{26}\.(png|jpg|webp|gif)$/;

/**
 * The one allowlist of announcement markup, used by the server's sanitiser (js-xss, on save) and the
 * browser's (DOMPurify, on render). Nothing here can run code or restyle the page: no style attribute
 * or element, no event handlers, links only to http(s)/mailto or the site's own paths, and images only
 * from the product's own media path (never a hotlink).
 */
export const allowedTags: Record<string, readonly string[]> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  del: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  code: [],
  pre: [],
  hr: [],
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height'],
};

/** Elements whose whole body goes, not only their tags. */
export const droppedWithBody = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'textarea',
  'select',
];

/**
 * http(s), mailto, or a path on this site. Anything else — javascript:, data:, vbscript: — is dropped,
 * and so is every spelling of another host without a scheme: `//host`, and `/\host` or `\\host`
 * (browsers read a backslash as a slash). Checked on the value as the browser will read it: the
 * server decodes entities first (decodeAttributeValue), DOMPurify sees the DOM's decoded value.
 */
function isSafeHref(value: string): boolean {
  const v = value.trim();
  if (/^https?:\/\/[^\s]+$/i.test(v)) return true;
  if (/^mailto:[^\s]+$/i.test(v)) return true;
  return /^\/(?![/\\])[^\s\\]*$/.test(v);
}

/** Named references a URL may carry, decoded; any other name makes the value refused (see below). */
const namedReferences: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  sol: '/',
  bsol: '\\',
  colon: ':',
  period: '.',
  tab: '\t',
  newline: '\n',
  num: '#',
  quest: '?',
  equals: '=',
  percnt: '%',
};

/**
 * An attribute value as the browser reads it: numeric references (`&#47;`, `&#x2F;`, with or without
 * the semicolon) and the named ones above decoded. A name this list does not know answers null (the
 * value is refused): what is checked is then always exactly what the browser will see. The server
 * stores the decoded value, escaped again, so stored markup means what was checked.
 */
export function decodeAttributeValue(raw: string): string | null {
  let unknown = false;
  const decoded = raw.replace(/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd';
    }
    const name = ref.toLowerCase();
    if (Object.hasOwn(namedReferences, name)) return namedReferences[name];
    unknown = true;
    return whole;
  });
  return unknown ? null : decoded;
}

/** The attributes that hold a URL, checked on their decoded value. */
export const urlAttributes: ReadonlySet<string> = new Set(['href', 'src']);

const isOwnImage = (value: string) => ANNOUNCEMENT_IMAGE_PATH.test(value.trim());

export function isSafeAttr(tag: string, name: string, value: string): boolean {
  if (tag === 'a' && name === 'href') return isSafeHref(value);
  if (tag === 'img' && name === 'src') return isOwnImage(value);
  if (tag === 'a' && name === 'target') return value === '_blank';
  if (name === 'width' || name === 'height') return /^\d{1,4}$/.test(value);
  return true;
}

/** Plain text of stored markup (the banner): tags gone, the common entities read back, spaces folded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/blockquote)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
