import '../support/quiet';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';

/** `npm run demo-data` (issue 18 item 6): a populated first look through the real API, local only. */
const run = promisify(execFile);
let stack: LocalStack;

const demo = (url: string) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/demo-data.ts', '--url', url], {
    env: { ...process.env, BOOTSTRAP_DEVELOPER_ID: localStackDefaults.developerId, BOOTSTRAP_DEVELOPER_PASSWORD: localStackDefaults.developerPassword },
    timeout: 120_000,
  });

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
});
afterAll(() => stack?.stop());

describe('npm run demo-data', () => {
  it('refuses a product that is not local', async () => {
    const refused = await demo('https://simple-slot.example.com').catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('로컬 제품에만 데모 데이터를 넣을 수 있습니다') });
  });

  it('fills every screen: slots in every status, charges and a ledger, an issuance; and refuses to run twice', async () => {
    const { stdout } = await demo(stack.url);
    expect(stdout).toContain('완료.');
    const api = apiClient(stack.url);
    const { token } = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
    const stats = (await api.call('GET', '/api/slots/system-stats', { token })).body.data.statusBreakdown;
    for (const status of ['empty', 'pending', 'active', 'waiting', 'completed', 'paused', 'rejected', 'refunded', 'expired', 'deleted']) {
      expect(stats[status], status).toBeGreaterThan(0);
    }
    const charges = (await api.call('GET', '/api/cash/charge-requests?limit=50', { token })).body.data.items.map((c: { status: string }) => c.status);
    expect(new Set(charges)).toEqual(new Set(['approved', 'rejected', 'pending']));
    const { token: adv } = await api.login('demoadv1', 'demo1234');
    const ledger = (await api.call('GET', '/api/cash/transactions', { token: adv })).body.data.items.map((e: { type: string }) => e.type);
    expect(ledger).toEqual(expect.arrayContaining(['charge', 'bonus', 'purchase', 'refund']));
    expect((await api.call('GET', '/api/slots/allocation-history', { token })).body.data.pagination.total).toBe(2);

    const again = await demo(stack.url).catch((err: { code: number; stderr: string }) => err);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('이미 데모 데이터가 있습니다') });
  });
});
