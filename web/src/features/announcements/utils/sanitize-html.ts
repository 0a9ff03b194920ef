import DOMPurify from 'dompurify';
import { allowedTags, isSafeAttr } from '#shared/announcement-html';

/**
 * The browser's second sanitising pass (the server sanitised on save): DOMPurify with the same
 * allowlist, so markup that somehow reached the store unsanitised still cannot run or restyle the page.
 */
const purifier = DOMPurify(window);
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  const tag = node.nodeName.toLowerCase();
  if (!(allowedTags[tag] ?? []).includes(data.attrName) || !isSafeAttr(tag, data.attrName, data.attrValue))
    data.keepAttr = false;
});
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.getAttribute('target') === '_blank')
    node.setAttribute('rel', 'noopener noreferrer');
  if (node.nodeName === 'IMG' && !node.getAttribute('src')) node.remove();
});

const allAttrs = [...new Set(Object.values(allowedTags).flat()), 'rel'];

export function sanitizeForRender(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: Object.keys(allowedTags),
    ALLOWED_ATTR: allAttrs,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
  });
}
