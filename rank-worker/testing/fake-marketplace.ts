import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the marketplace's search (these machines cannot reach the real one): node:http
 * on 127.0.0.1 serving `/np/search?q=&page=` (desktop) and `/nm/search?q=&page=` (mobile) pages
 * shaped like the real classic desktop search page (`ul#productList > li.search-product` with data-*
 * ids, ad items marked `search-product__ad` with a "광고" badge). Each keyword plays a scenario.
 */
export interface FakeProduct {
  productId: string;
  itemId?: string;
  vendorItemId?: string;
  name?: string;
  ad?: boolean;
}

export type Scenario =
  | { kind: 'results'; pages: FakeProduct[][]; slowMs?: number }
  | { kind: 'empty' }
  | { kind: 'blocked' }
  | { kind: 'unknown-layout' };

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderResultsPage(keyword: string, products: FakeProduct[]): string {
  const lis = products
    .map((p) => {
      const item = p.itemId ?? '1';
      const vendor = p.vendorItemId ?? '2';
      const name = p.name ?? `${keyword} 상품 ${p.productId}`;
      return `<li class="search-product${p.ad ? ' search-product__ad' : ''}" id="${p.productId}" data-product-id="${p.productId}" data-item-id="${item}" data-vendor-item-id="${vendor}">
  <a class="search-product-link" href="/vp/products/${p.productId}?itemId=${item}&vendorItemId=${vendor}&sourceType=search&q=${encodeURIComponent(keyword)}">
    <dl class="search-product-wrap"><dt class="image"><img class="search-product-wrap-img" src="//thumbnail7.coupangcdn.com/thumbnails/remote/230x230ex/image/retail/images/${p.productId}.jpg" alt="${esc(name)}"></dt>
    <dd class="descriptions"><div class="name">${esc(name)}</div>${p.ad ? '<span class="ad-badge"><span class="ad-badge-text">광고</span></span>' : ''}<div class="price-area"><strong class="price-value">19,900</strong>원</div></dd></dl>
  </a>
</li>`;
    })
    .join('\n');
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>쿠팡! | ${esc(keyword)}</title></head>
<body><div id="searchOptionForm"><ul id="productList" class="search-product-list">
${lis}
</ul></div></body></html>`;
}

export const renderEmptyPage = (keyword: string) =>
  `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>쿠팡! | ${esc(keyword)}</title></head>
<body><div class="search-no-result"><p>'${esc(keyword)}'에 대한 검색결과가 없습니다.</p></div></body></html>`;

export const renderBlockedPage = () =>
  `<!doctype html><html><head><title>Access Denied</title></head><body><h1>Access Denied</h1>
You don't have permission to access "http://www.coupang.com/np/search" on this server.<p>Reference #18.5f3c1702</p></body></html>`;

export const renderUnknownLayout = (keyword: string) =>
  `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>쿠팡! | ${esc(keyword)}</title></head>
<body><main><section class="results-v9"><article data-sku="1">${esc(keyword)}</article></section></main></body></html>`;

/**
 * Result pages: `pages` pages of `perPage` organic products, an ad after every `adsEvery` organic
 * ones; `place` puts products at given organic ranks (1-based, across pages).
 */
export function resultPages(opts: {
  pages: number;
  perPage: number;
  adsEvery?: number;
  place?: Array<{ rank: number; product: FakeProduct }>;
  /** The first ad shows this product (an advertiser buying its own product's ad above its organic spot). */
  firstAd?: FakeProduct;
  seed?: number;
}): FakeProduct[][] {
  const seed = opts.seed ?? 7_000_000;
  const out: FakeProduct[][] = [];
  let organic = 0;
  let ads = 0;
  for (let p = 0; p < opts.pages; p++) {
    const page: FakeProduct[] = [];
    for (let i = 0; i < opts.perPage; i++) {
      organic++;
      const placed = opts.place?.find((x) => x.rank === organic)?.product;
      page.push(placed ?? { productId: String(seed + organic) });
      if (opts.adsEvery && (i + 1) % opts.adsEvery === 0)
        page.push({
          ...(ads++ === 0 && opts.firstAd ? opts.firstAd : { productId: String(seed + 500 + organic) }),
          ad: true,
        });
    }
    out.push(page);
  }
  return out;
}

export interface FakeMarketplace {
  url: string;
  /** Every requested URL path+query, in order. */
  requests: string[];
  /** The user agent of each request, in the same order. */
  userAgents: string[];
  /** With `together`: whether that many requests did wait at once (not released by the time limit). */
  gathered: boolean;
  close(): Promise<void>;
}

export interface FakeOptions {
  /**
   * Answer nothing until this many requests wait at once (or `togetherMs` passed), then everything:
   * several workers, each loading one page at a time, prove they all run side by side.
   */
  together?: number;
  togetherMs?: number;
}

export async function startFakeMarketplace(
  scenarios: Record<string, Scenario>,
  options: FakeOptions = {},
): Promise<FakeMarketplace> {
  const requests: string[] = [];
  const userAgents: string[] = [];
  const fake: FakeMarketplace = { url: '', requests, userAgents, gathered: false, close: async () => {} };
  let waiting: Array<() => void> | null = options.together ? [] : null;
  const open = () => {
    const released = waiting ?? [];
    waiting = null;
    for (const go of released) go();
  };
  const server: Server = createServer((req, res) => {
    if (waiting) {
      waiting.push(() => server.emit('request', req, res));
      if (waiting.length === 1) setTimeout(open, options.togetherMs ?? 60_000).unref();
      if (waiting.length >= options.together!) {
        fake.gathered = true;
        open();
      }
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    userAgents.push(req.headers['user-agent'] ?? '');
    const send = (status: number, html: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    };
    if (url.pathname !== '/np/search' && url.pathname !== '/nm/search') return send(404, 'not found');
    const keyword = url.searchParams.get('q') ?? '';
    const page = Number(url.searchParams.get('page') ?? '1');
    const scenario = scenarios[keyword];
    if (!scenario || scenario.kind === 'empty') return send(200, renderEmptyPage(keyword));
    if (scenario.kind === 'blocked') return send(403, renderBlockedPage());
    if (scenario.kind === 'unknown-layout') return send(200, renderUnknownLayout(keyword));
    const products = scenario.pages[page - 1];
    const html = products ? renderResultsPage(keyword, products) : renderEmptyPage(keyword);
    if (scenario.slowMs) setTimeout(() => send(200, html), scenario.slowMs);
    else send(200, html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
