/**
 * `npm run fake-marketplace`: the tests' fake marketplace as a demo server, so the worker can be tried
 * on a machine that cannot (or should not) reach the real one. It reads the product's work list once
 * per keyword and places each product at a made-up organic rank (some absent), among filler products
 * and ads. The ranks are invented: a demo of the worker, not a measurement.
 *
 *   RANK_WORKER_KEY=rk_… npm run fake-marketplace -- --api http://localhost:3000 [--port 3900]
 *   RANK_WORKER_KEY=rk_… npm run rank-worker -- --api http://localhost:3000 --market-url http://127.0.0.1:3900 --once --recompute --delay-ms 200
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import type { WorkItem } from '../../shared/schemas/rank';
import { WorkerApi } from '../api';
import { renderEmptyPage, renderResultsPage, resultPages } from './fake-marketplace';

const { values: args } = parseArgs({
  options: {
    api: { type: 'string', default: 'http://localhost:3000' },
    port: { type: 'string', default: '3900' },
  },
});
const key = process.env.RANK_WORKER_KEY;
if (!key) {
  console.error('RANK_WORKER_KEY is required (the fake reads the work list to place your products)');
  process.exit(2);
}
const api = new WorkerApi(args.api!, key);
const PER_PAGE = 36;
const PAGES = 5;

const hash = (s: string) => createHash('sha256').update(s).digest().readUInt32BE(0);
const pagesByKeyword = new Map<string, ReturnType<typeof resultPages>>();

async function pagesFor(keyword: string) {
  if (!pagesByKeyword.has(keyword)) {
    const work: WorkItem[] = await api.work().catch(() => []);
    const place = work
      .filter((w) => w.keyword === keyword && hash(w.productId) % 8 !== 0)
      .map((w) => ({
        rank: 1 + (hash(`${w.keyword}|${w.productId}`) % 100),
        product: {
          productId: w.productId,
          itemId: w.itemId ?? undefined,
          vendorItemId: w.vendorItemId ?? undefined,
          name: `${keyword} 데모 상품 ${w.productId}`,
        },
      }));
    pagesByKeyword.set(
      keyword,
      resultPages({ pages: PAGES, perPage: PER_PAGE, adsEvery: 6, place, seed: hash(keyword) % 1e6 }),
    );
  }
  return pagesByKeyword.get(keyword)!;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const keyword = url.searchParams.get('q') ?? '';
  const page = Number(url.searchParams.get('page') ?? '1');
  if (url.pathname !== '/np/search' && url.pathname !== '/nm/search') {
    res.writeHead(404).end('not found');
    return;
  }
  pagesFor(keyword).then(
    (pages) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(pages[page - 1] ? renderResultsPage(keyword, pages[page - 1]) : renderEmptyPage(keyword));
    },
    (err: Error) => res.writeHead(500).end(err.message),
  );
});
server.listen(Number(args.port), '127.0.0.1', () =>
  console.log(`fake marketplace (invented ranks) on http://127.0.0.1:${args.port}; Ctrl+C to stop`),
);
