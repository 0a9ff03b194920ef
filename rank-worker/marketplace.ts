import { JSDOM } from 'jsdom';

/**
 * Everything the worker knows about the marketplace's search pages lives here: the search URL
 * pattern, every selector, how an ad is recognised and how a page is judged healthy. When the
 * marketplace changes its layout, save the page with `--dump DIR`, add it under
 * rank-worker/testing/fixtures/ with a parser test, and adjust this module only.
 */

export type SearchMode = 'desktop' | 'mobile';

/** The real marketplace's search origins (a shopper's search box lands on these URLs). */
export const DEFAULT_MARKET_URL: Record<SearchMode, string> = {
  desktop: 'https://www.coupang.com',
  mobile: 'https://m.coupang.com',
};

/** Results per desktop page we ask for (the site offers 36/48/60/72). */
export const LIST_SIZE = 36;

/** A shopper's search URL for page `page` (1-based). */
export function searchUrl(base: string, mode: SearchMode, keyword: string, page: number): string {
  const origin = base.replace(/\/$/, '');
  const q = encodeURIComponent(keyword);
  return mode === 'desktop'
    ? `${origin}/np/search?component=&q=${q}&channel=user&page=${page}&listSize=${LIST_SIZE}`
    : `${origin}/nm/search?q=${q}&page=${page}`;
}

/** Browser profile per mode: mobile pages are served to a phone's user agent and viewport. */
export const BROWSER_PROFILE: Record<SearchMode, { userAgent?: string; viewport: { width: number; height: number } }> =
  {
    desktop: { viewport: { width: 1440, height: 900 } },
    mobile: {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      viewport: { width: 412, height: 915 },
    },
  };

/**
 * Result lists, newest layout first. Each entry: the list items, and the ad marker inside an item.
 * - classic desktop (`ul#productList > li.search-product`, ids in data-* attributes): ads carry the
 *   class `search-product__ad` on the item or an `.ad-badge` / `.ad-badge-text` ("광고") element.
 * - 2025 desktop/mobile (`ul#product-list > li`, ids only in the product link): ads carry an element
 *   whose class starts with `AdMark_` ("AD" badge).
 * Any item with `data-ad` / `data-adsplatform` attributes is also an ad.
 */
const LAYOUTS = [
  {
    name: 'product-list-2025',
    items: 'ul#product-list > li',
    ad: '[class*="AdMark_"], [data-ad], [data-adsplatform]',
  },
  {
    name: 'search-product',
    items: 'ul#productList > li.search-product, ul.search-product-list > li.search-product',
    ad: '.ad-badge, .ad-badge-text, [data-ad], [data-adsplatform]',
    adClass: 'search-product__ad',
  },
] as const;

/** Marks the marketplace's own "no results" answer (a healthy empty page). */
const NO_RESULT_SELECTORS = ['.search-no-result', '.no-result', '[class*="NoResult_"]'];
/** Challenge or block pages (Akamai "Access Denied", a captcha, the site's bot check). */
const BLOCK_SELECTORS = ['#sec-if-cpt-container', '#captcha', 'iframe[src*="captcha"]', '[class*="captcha"]'];
const BLOCK_TEXTS = [/Access Denied/i, /You don't have permission to access/i, /비정상적인 접근/, /자동입력 방지/];

const PRODUCT_LINK = 'a[href*="/vp/products/"], a[href*="/vm/products/"]';
const NAME_SELECTORS = ['.name', '[class*="productName"]', '[class*="ProductUnit_productName"]', 'img[alt]'];

/** Fewer recognisable results than this share of a page's list items means a layout we do not know. */
const MIN_RECOGNISED_SHARE = 0.5;

export interface ResultItem {
  productId: string;
  itemId: string | null;
  vendorItemId: string | null;
  ad: boolean;
  name: string | null;
  imageUrl: string | null;
}

export type ParsedPage =
  | { kind: 'results'; layout: string; items: ResultItem[]; listItems: number }
  | { kind: 'empty' }
  | { kind: 'blocked'; reason: string }
  | { kind: 'unknown'; reason: string };

const idFrom = (href: string | null, param: 'itemId' | 'vendorItemId') => {
  if (!href) return null;
  try {
    return new URL(href, 'https://www.coupang.com').searchParams.get(param);
  } catch {
    return null;
  }
};

const digitsOrNull = (v: string | null | undefined) => (v && /^\d{1,20}$/.test(v.trim()) ? v.trim() : null);

/** Image URLs are often protocol-relative (`//thumbnail7.coupangcdn.com/…`) or lazy (`data-src`). */
function imageOf(li: Element): string | null {
  const img = li.querySelector('img');
  const raw = img?.getAttribute('data-src') || img?.getAttribute('src') || null;
  if (!raw || raw.startsWith('data:')) return null;
  return raw.startsWith('//') ? `https:${raw}` : raw;
}

function nameOf(li: Element): string | null {
  for (const sel of NAME_SELECTORS) {
    const el = li.querySelector(sel);
    const text = (sel === 'img[alt]' ? el?.getAttribute('alt') : el?.textContent)?.replace(/\s+/g, ' ').trim();
    if (text) return text.slice(0, 200);
  }
  return null;
}

function itemOf(li: Element, layout: (typeof LAYOUTS)[number]): ResultItem | null {
  const link = li.querySelector(PRODUCT_LINK);
  const href = link?.getAttribute('href') ?? null;
  const fromHref = href?.match(/\/v[pm]\/products\/(\d+)/)?.[1];
  const productId = digitsOrNull(li.getAttribute('data-product-id')) ?? digitsOrNull(fromHref);
  if (!productId) return null;
  const ad =
    ('adClass' in layout && li.classList.contains(layout.adClass)) ||
    li.matches('[data-ad], [data-adsplatform]') ||
    li.querySelector(layout.ad) !== null;
  return {
    productId,
    itemId: digitsOrNull(li.getAttribute('data-item-id')) ?? digitsOrNull(idFrom(href, 'itemId')),
    vendorItemId: digitsOrNull(li.getAttribute('data-vendor-item-id')) ?? digitsOrNull(idFrom(href, 'vendorItemId')),
    ad,
    name: nameOf(li),
    imageUrl: imageOf(li),
  };
}

/** Reads one search page's HTML. Pure: no network, so every case is unit-tested over fixtures. */
export function parseSearchPage(html: string): ParsedPage {
  const { document } = new JSDOM(html).window;
  const text = document.body?.textContent ?? '';
  const title = document.title ?? '';
  for (const sel of BLOCK_SELECTORS)
    if (document.querySelector(sel)) return { kind: 'blocked', reason: `challenge element ${sel}` };
  for (const re of BLOCK_TEXTS)
    if (re.test(title) || re.test(text)) return { kind: 'blocked', reason: `block text ${re.source}` };
  for (const layout of LAYOUTS) {
    const lis = [...document.querySelectorAll(layout.items)];
    if (lis.length === 0) continue;
    const items = lis.map((li) => itemOf(li, layout)).filter((i): i is ResultItem => i !== null);
    if (items.length < Math.ceil(lis.length * MIN_RECOGNISED_SHARE))
      return {
        kind: 'unknown',
        reason: `too few recognisable results (${items.length} of ${lis.length} in ${layout.name})`,
      };
    return { kind: 'results', layout: layout.name, items, listItems: lis.length };
  }
  if (NO_RESULT_SELECTORS.some((sel) => document.querySelector(sel))) return { kind: 'empty' };
  return { kind: 'unknown', reason: 'no known result list on the page' };
}

/** Is `item` the slot's product? The product id decides; item ids, when both sides have them, must agree. */
export function matchesPair(
  item: ResultItem,
  pair: { productId: string; itemId: string | null; vendorItemId: string | null },
): boolean {
  if (item.productId !== pair.productId) return false;
  if (pair.vendorItemId && item.vendorItemId && item.vendorItemId !== pair.vendorItemId) return false;
  if (pair.itemId && item.itemId && item.itemId !== pair.itemId) return false;
  return true;
}
