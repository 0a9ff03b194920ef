import * as xss from 'xss';
import {
  allowedTags,
  decodeAttributeValue,
  droppedWithBody,
  isSafeAttr,
  urlAttributes,
} from '#shared/announcement-html';

// js-xss is CommonJS and copies `escapeAttrValue` onto its exports in a loop, which Node's own ESM
// loader (tsx: `npm start`, the soak) cannot see as a named export: a named import threw at load and
// every announcements call answered 500 there. Bundlers and vitest see it on the namespace; Node on `default`.
const { FilterXSS, escapeAttrValue } =
  'escapeAttrValue' in xss ? xss : (xss as unknown as { default: typeof xss }).default;

/**
 * Server-side sanitising of announcement HTML on save (js-xss: small, no DOM, fits the Lambda budget).
 * Anything outside the shared allowlist goes: unknown tags are stripped (their text kept), script-like
 * elements with their bodies, every attribute not listed (so every `on*` handler and `style`), and
 * URLs that fail `isSafeAttr`. The browser sanitises again on render (DOMPurify, same allowlist).
 */
const filter = new FilterXSS({
  whiteList: Object.fromEntries(Object.entries(allowedTags).map(([tag, attrs]) => [tag, [...attrs]])),
  stripIgnoreTag: true,
  stripIgnoreTagBody: droppedWithBody,
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value) {
    const allowed = allowedTags[tag];
    if (!allowed?.includes(name)) return '';
    if (urlAttributes.has(name)) {
      // js-xss hands the value over raw: `/&#47;host` would pass as a site path and reach the browser
      // as `//host`. The URL is checked as the browser reads it (entities decoded, tab and newline
      // kept so a path holding them is refused) and stored decoded, every `&` escaped again.
      const decoded = decodeAttributeValue(value);
      if (decoded === null || !isSafeAttr(tag, name, decoded)) return '';
      return `${name}="${escapeUrlAttribute(decoded)}"`;
    }
    // eslint-disable-next-line no-control-regex -- control characters are what this strips
    const clean = value.replace(/[\u0000-\u001f\u007f]/g, '');
    if (!isSafeAttr(tag, name, clean)) return '';
    if (tag === 'a' && name === 'target') return 'target="_blank" rel="noopener noreferrer"';
    return `${name}="${escapeAttrValue(clean)}"`;
  },
});

/** A decoded URL written back as an attribute value: the browser decodes it to exactly `value`. */
const escapeUrlAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sanitizeAnnouncementHtml(html: string): string {
  // An image whose source was not the site's own media path has nothing left to show.
  return filter.process(html).replace(/<img(?![^>]*\ssrc=")[^>]*>/gi, '');
}
