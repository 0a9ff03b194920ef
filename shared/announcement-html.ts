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

/** http(s), mailto, or a path on this site (not `//host`). Anything else — javascript:, data:, vbscript: — is dropped. */
export function isSafeHref(value: string): boolean {
  const v = value.trim();
  if (/^https?:\/\/[^\s]+$/i.test(v)) return true;
  if (/^mailto:[^\s]+$/i.test(v)) return true;
  return /^\/(?!\/)[^\s\\]*$/.test(v);
}

export const isOwnImage = (value: string) => ANNOUNCEMENT_IMAGE_PATH.test(value.trim());

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
