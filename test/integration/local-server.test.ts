import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '../../infra/local/http-server';
import { precompressDir } from '../../web/precompress-plugin';

/** The local server's static side: what a developer sees while rebuilding the SPA under `npm start`. */
const webDist = mkdtempSync(join(tmpdir(), 'simple-slot-dist-'));
let server: Awaited<ReturnType<typeof startLocalServer>>;

beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<script src="/assets/index-old.js"></script>');
  writeFileSync(join(webDist, 'assets', 'index-old.js'), 'old();');
  server = await startLocalServer({ port: 0, host: '127.0.0.1', webDist });
});
afterAll(() => server?.close());

describe('local SPA serving', () => {
  it('serves a rebuilt web/dist at once: new chunks, the new index.html, client routes', async () => {
    // `npm run build:web` (or `npm test`) while the server runs.
    writeFileSync(join(webDist, 'index.html'), '<script src="/assets/index-new.js"></script>');
    writeFileSync(join(webDist, 'assets', 'index-new.js'), 'fresh();');

    const chunk = await fetch(`${server.url}/assets/index-new.js`);
    expect(chunk.status).toBe(200);
    expect(await chunk.text()).toBe('fresh();');
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    const route = await fetch(`${server.url}/slots/bulk`);
    expect(await route.text()).toContain('index-new.js');
    expect(route.headers.get('cache-control')).toBe('no-cache');
  });
});

/** One GET with exactly the Accept-Encoding given (fetch would add its own and decode the answer). */
function get(path: string, acceptEncoding?: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${server.url}${path}`, {
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject).end();
  });
}

describe('local SPA compression, as CloudFront sends it', () => {
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'슬롯 ${i}'`).join(', ')}];`;
  const shell = `<!doctype html><html lang="ko"><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;

  beforeAll(async () => {
    writeFileSync(join(webDist, 'assets', 'rows-hash.js'), script);
    writeFileSync(join(webDist, 'index.html'), shell);
    await precompressDir(webDist); // what `npm run build:web` does to web/dist
  });

  it('sends a hashed script brotli- or gzip-compressed as the browser asks, cached for a year', async () => {
    const br = await get('/assets/rows-hash.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(script) / 4);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');

    const gz = await get('/assets/rows-hash.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/rows-hash.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('sends the shell compressed too, on every client route, and always revalidated', async () => {
    for (const path of ['/', '/slots']) {
      const answer = await get(path, 'br');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.body).toString()).toBe(shell);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });
});
