import { COUPANG_HOST } from './slot-constants';
import { coupangUrlMessages } from './messages/slots';

/**
 * THE Coupang product URL rule (a shopping URL on the marketplace's host). One implementation for every
 * form (single registration, edit, bulk edit, bulk input, bulk registration grid, fill) and the server.
 *
 * Decisions where the rule reads "must start with http:// or {host}":
 * - A URL may start with `http://` or `https://`. A bare Coupang host (`www.coupang.com/...`,
 *   `coupang.com/...`, `m.coupang.com/...`) is also accepted and gets `https://` in front, because
 *   advertisers often copy the address bar without the scheme. Anything else gets `messages.scheme`.
 * - Only `coupang.com` and its subdomains are allowed ('쿠팡 URL만 허용됩니다.').
 * - The path must be `/vp/products/{digits}` (a trailing slash is tolerated) and the query must carry
 *   numeric `itemId` and `vendorItemId`.
 * - Normalisation: inline whitespace removed (pasted URLs break across lines), then everything from
 *   `&q=` on cut (the search text Coupang appends). The normalised URL keeps the advertiser's other
 *   parameters; `canonicalUrl` is the minimal form the rank workers use.
 */
type CoupangUrlErrorCode = 'required' | 'scheme' | 'onlyCoupang' | 'productPath' | 'requiredParams' | 'numericParams';

interface CoupangProductIds {
  productId: string;
  itemId: string;
  vendorItemId: string;
}

export type CoupangUrlResult =
  | ({ ok: true; url: string; canonicalUrl: string } & CoupangProductIds)
  | { ok: false; code: CoupangUrlErrorCode; message: string };

const fail = (code: CoupangUrlErrorCode): CoupangUrlResult => ({ ok: false, code, message: coupangUrlMessages[code] });

/** Whitespace removed and text from `&q=` on cut: the search tail is not part of the product. Safe on any string. */
export function cleanUrlInput(raw: string): string {
  const compact = raw.replace(/\s+/g, '');
  const q = compact.indexOf('&q=');
  return q >= 0 ? compact.slice(0, q) : compact;
}

const isCoupangHost = (host: string) => host === 'coupang.com' || host.endsWith('.coupang.com');
const BARE_HOST = /^(?:www\.|m\.)?coupang\.com(?:[/?#:]|$)/i;
const PRODUCT_PATH = /^\/vp\/products\/(\d+)\/?$/;
const DIGITS = /^\d+$/;

export function parseCoupangUrl(raw: string | null | undefined): CoupangUrlResult {
  let text = cleanUrlInput(raw ?? '');
  if (!text) return fail('required');
  if (BARE_HOST.test(text)) text = `https://${text}`;
  if (!/^https?:\/\//i.test(text)) return fail('scheme');

  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return fail('onlyCoupang');
  }
  // A dotted host is required; anything but Coupang is refused. A user-info part
  // (`https://evil.example@www.coupang.com/…` reads as another site to a person) or a port is too.
  const host = parsed.hostname.toLowerCase();
  if (!host.includes('.') || !isCoupangHost(host)) return fail('onlyCoupang');
  if (parsed.username || parsed.password || /@/.test(text.split(/[/?#]/, 3).join('/')) || parsed.port)
    return fail('onlyCoupang');

  const path = PRODUCT_PATH.exec(parsed.pathname);
  if (!path) return fail('productPath');
  const itemId = parsed.searchParams.get('itemId');
  const vendorItemId = parsed.searchParams.get('vendorItemId');
  if (!itemId || !vendorItemId) return fail('requiredParams');
  if (!DIGITS.test(itemId) || !DIGITS.test(vendorItemId)) return fail('numericParams');

  const productId = path[1];
  return {
    ok: true,
    // Typed as http:// (the rule accepts it), always stored and linked as https://.
    url: text.replace(/^http:\/\//i, 'https://'),
    canonicalUrl: `https://${COUPANG_HOST}/vp/products/${productId}?itemId=${itemId}&vendorItemId=${vendorItemId}`,
    productId,
    itemId,
    vendorItemId,
  };
}

/** The Korean error for a URL, or null when it is a valid Coupang product URL. */
export const coupangUrlError = (raw: string | null | undefined): string | null => {
  const r = parseCoupangUrl(raw);
  return r.ok ? null : r.message;
};
