import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '../../infra/local/http-server';

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
