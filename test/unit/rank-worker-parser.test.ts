import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shardOf, WorkerApi } from '../../rank-worker/api';
import { checkPair, type LoadedPage } from '../../rank-worker/check';
import { parseSearchPage, searchUrl } from '../../rank-worker/marketplace';
import {
  renderBlockedPage,
  renderEmptyPage,
  renderResultsPage,
  renderUnknownLayout,
  resultPages,
} from '../../rank-worker/testing/fake-marketplace';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../rank-worker/testing/fixtures', name), 'utf8');

describe('rank worker: search page parser (saved pages)', () => {
  it('reads the classic desktop list: ids, names, images, and the two kinds of ad marker', () => {
    const page = parseSearchPage(fixture('classic-desktop.html'));
    expect(page.kind).toBe('results');
    if (page.kind !== 'results') return;
    expect(page.layout).toBe('search-product');
    expect(page.items.map((i) => [i.productId, i.ad])).toEqual([
      ['111', true], // class search-product__ad + badge
      ['222', false],
      ['333', false],
      ['444', true], // only the "광고" badge text element
      ['555', false],
      ['333', false],
    ]);
    expect(page.items[1]).toEqual({
      productId: '222',
      itemId: '21',
      vendorItemId: '22',
      ad: false,
      name: '무선 청소기 A',
      // lazy image: data-src wins over the placeholder; protocol-relative made https
      imageUrl: 'https://thumbnail7.coupangcdn.com/thumbnails/remote/230x230ex/image/222.jpg',
    });
    expect(page.items[4].imageUrl).toBeNull();
  });

  it('reads the 2025 list: ids from the product link, the AdMark badge as ad', () => {
    const page = parseSearchPage(fixture('product-list-2025.html'));
    expect(page.kind).toBe('results');
    if (page.kind !== 'results') return;
    expect(page.layout).toBe('product-list-2025');
    expect(page.items.map((i) => [i.productId, i.itemId, i.vendorItemId, i.ad, i.name])).toEqual([
      ['9001', '91', '92', true, '광고 텀블러'],
      ['9002', '93', '94', false, '스텐 텀블러 500ml'],
      ['9003', '95', '96', false, '보온 텀블러'],
    ]);
  });

  it('tells the marketplace\'s own "no results" apart from a page it cannot read', () => {
    expect(parseSearchPage(fixture('no-result.html'))).toEqual({ kind: 'empty' });
    expect(parseSearchPage(fixture('unknown-layout.html'))).toEqual({
      kind: 'unknown',
      reason: 'no known result list on the page',
    });
  });

  it('recognises block and challenge pages', () => {
    expect(parseSearchPage(fixture('access-denied.html')).kind).toBe('blocked');
    expect(parseSearchPage(fixture('challenge.html'))).toEqual({
      kind: 'blocked',
      reason: 'challenge element #sec-if-cpt-container',
    });
  });

  it('calls a list with too few recognisable results an unknown layout', () => {
    const page = parseSearchPage(fixture('too-few-results.html'));
    expect(page).toEqual({ kind: 'unknown', reason: 'too few recognisable results (1 of 4 in search-product)' });
  });

  it("builds the shopper's search URLs", () => {
    expect(searchUrl('https://www.coupang.com/', 'desktop', '무선 청소기', 2)).toBe(
      'https://www.coupang.com/np/search?component=&q=%EB%AC%B4%EC%84%A0%20%EC%B2%AD%EC%86%8C%EA%B8%B0&channel=user&page=2&listSize=36',
    );
    expect(searchUrl('https://m.coupang.com', 'mobile', '양말', 1)).toBe(
      'https://m.coupang.com/nm/search?q=%EC%96%91%EB%A7%90&page=1',
    );
  });
});

describe('rank worker: one check of a pair', () => {
  const pair = { keyword: '청소기', productId: '555', itemId: '51', vendorItemId: '52', slots: 1 };
  const at = new Date('2026-11-26T01:00:00.000Z');
  const pagesOf = (htmls: string[]) => {
    const asked: number[] = [];
    const load = async (n: number): Promise<LoadedPage> => {
      asked.push(n);
      const html = htmls[n - 1] ?? renderEmptyPage('청소기');
      return { ok: true, html, url: `p${n}` };
    };
    return { asked, load };
  };

  it('counts organic results only, across pages, and reports name and image', async () => {
    const pages = resultPages({
      pages: 3,
      perPage: 5,
      adsEvery: 2,
      firstAd: { productId: '555', itemId: '51', vendorItemId: '52' },
      place: [{ rank: 8, product: { productId: '555', itemId: '51', vendorItemId: '52', name: '목표 상품' } }],
    });
    const { asked, load } = pagesOf(pages.map((p) => renderResultsPage('청소기', p)));
    const obs = await checkPair(pair, 3, load, () => at);
    expect(obs).toMatchObject({
      status: 'found',
      rank: 8,
      depthScanned: 8,
      productName: '목표 상품',
      imageUrl: 'https://thumbnail7.coupangcdn.com/thumbnails/remote/230x230ex/image/retail/images/555.jpg',
      observedAt: at.toISOString(),
      evidence: { page: 2, match: 'exact', adsSkipped: 3 },
    });
    expect(asked).toEqual([1, 2]);
  });

  it('takes a result of the same product with another option only when no exact match shows within the depth', async () => {
    const { load } = pagesOf([fixture('classic-desktop.html')]);
    const other = await checkPair({ ...pair, productId: '333', itemId: '31', vendorItemId: '32' }, 1, load);
    expect(other).toMatchObject({ status: 'found', rank: 2, evidence: { match: 'exact' } });
    const fallback = await checkPair({ ...pair, productId: '333', itemId: '77', vendorItemId: '78' }, 1, load);
    expect(fallback).toMatchObject({
      status: 'found',
      rank: 2,
      depthScanned: 4,
      evidence: { match: 'productId only' },
    });
  });

  it('says not_found only after every page to the depth loaded healthy', async () => {
    const pages = resultPages({ pages: 3, perPage: 4, adsEvery: 3 });
    const { asked, load } = pagesOf(pages.map((p) => renderResultsPage('청소기', p)));
    const obs = await checkPair(pair, 3, load, () => at);
    expect(obs).toEqual({
      keyword: '청소기',
      productId: '555',
      itemId: '51',
      vendorItemId: '52',
      status: 'not_found',
      depthScanned: 12,
      observedAt: at.toISOString(),
      evidence: { adsSkipped: 3 },
    });
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops at the end of the results: an empty page after the last is healthy', async () => {
    const pages = resultPages({ pages: 1, perPage: 4 });
    const { asked, load } = pagesOf(pages.map((p) => renderResultsPage('청소기', p)));
    const obs = await checkPair(pair, 5, load);
    expect(obs).toMatchObject({ status: 'not_found', depthScanned: 4 });
    expect(asked).toEqual([1, 2]);
  });

  it('fails the whole check when any page up to the depth is blocked, unreadable or did not load', async () => {
    const good = renderResultsPage('청소기', resultPages({ pages: 1, perPage: 4 })[0]);
    for (const [second, reason] of [
      [renderBlockedPage(), /block text/],
      [renderUnknownLayout('청소기'), /no known result list/],
      [fixture('too-few-results.html'), /too few recognisable results/],
    ] as const) {
      const obs = await checkPair(pair, 3, pagesOf([good, second, good]).load);
      expect(obs).toMatchObject({ status: 'failed', depthScanned: 4, evidence: { page: 2 } });
      expect(String(obs.evidence?.reason)).toMatch(reason);
      expect(obs.rank).toBeUndefined();
    }
    const timedOut = await checkPair(pair, 3, async (n) =>
      n === 1 ? { ok: true, html: good, url: 'p1' } : { ok: false, reason: 'timeout after 1000 ms', url: 'p2' },
    );
    expect(timedOut).toMatchObject({
      status: 'failed',
      evidence: { reason: 'timeout after 1000 ms', kind: 'load', page: 2 },
    });
  });
});

describe('rank worker: several workers', () => {
  it('gives each pair to exactly one of n workers, spread over all of them, the same on every call', () => {
    const pairs = Array.from({ length: 300 }, (_, i) => ({
      keyword: `키워드 ${i % 17}`,
      productId: String(1000 + i),
      itemId: i % 2 ? String(i) : null,
      vendorItemId: null,
    }));
    const counts = [0, 0, 0];
    for (const p of pairs) {
      const s = shardOf(p, 3);
      expect(shardOf({ ...p }, 3)).toBe(s);
      counts[s]++;
    }
    expect(counts.reduce((a, b) => a + b)).toBe(300);
    for (const c of counts) expect(c).toBeGreaterThan(60);
    expect(new Set(pairs.map((p) => shardOf(p, 1)))).toEqual(new Set([0]));
  });
});

describe('rank worker: posting checks', () => {
  const obs = (n: number) => ({
    keyword: '청소기',
    productId: String(n),
    itemId: null,
    vendorItemId: null,
    status: 'not_found' as const,
    depthScanned: 36,
    observedAt: '2026-11-26T01:00:00.000Z',
  });

  it('retries a batch the server could not take (503), logs refused items, and never logs the key', async () => {
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(body);
        res.setHeader('content-type', 'application/json');
        if (bodies.length === 1) return res.writeHead(503).end(JSON.stringify({ success: false, error: '잠시 후' }));
        const data = { accepted: 1, rejected: 1, rejections: [{ index: 1, field: 'keyword', reason: '너무 깁니다' }] };
        res.end(JSON.stringify({ success: true, data }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const lines: string[] = [];
    try {
      const api = new WorkerApi(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        'rk_SECRET',
        (l) => lines.push(l),
        5,
      );
      expect(await api.post([obs(1), obs(2)])).toEqual({ accepted: 1, rejected: 1 });
      expect(bodies).toHaveLength(2);
      expect(bodies[0]).toBe(bodies[1]); // the same checks (same observedAt): a repeat stores nothing twice
      expect(lines.join('\n')).toMatch(/retry 1\/3/);
      expect(lines.join('\n')).toMatch(/refused: 청소기 \/ 2: keyword 너무 깁니다/);
      expect(lines.join('\n')).not.toContain('rk_SECRET');
    } finally {
      server.close();
    }
  });

  it('does not retry a refused batch (4xx) and says why', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls++;
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ success: false, code: 'UNAUTHORIZED', error: '인증 실패' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const api = new WorkerApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'rk_SECRET', () => {}, 5);
      await expect(api.post([obs(1)])).rejects.toThrow('POST /api/rank/observations: 401 인증 실패');
      expect(calls).toBe(1);
    } finally {
      server.close();
    }
  });
});
