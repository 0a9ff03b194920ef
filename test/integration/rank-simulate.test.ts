import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kstToday } from '../../shared/kst';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';
import { newWorkerKey, seedSlots } from '../support/rank';

/** `npm run simulate-ranks` against the real local server: it pulls work, posts checks and runs the job. */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');
let stack: LocalStack;
let key: string;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  const developer = await newAccount(stack, { role: 'developer' });
  const owner = await newAccount(stack);
  key = (await newWorkerKey(stack, developer.token, 'simulate')).key;
  await seedSlots(owner.id, [{ id: 'SIM-1', keyword: '데모 키워드', productId: '9001' }]);
});
afterAll(() => stack?.stop());

describe('simulate-ranks', () => {
  it('checks every pair of the work list once through the worker API and triggers the recompute', async () => {
    const env = { ...process.env, RANK_WORKER_KEY: key, DATA_DIR: mkdtempSync(join(tmpdir(), 'sim-ranks-')) };
    const { stdout } = await run(tsx, ['scripts/simulate-ranks.ts', '--once', '--base-url', stack.url], {
      cwd: root,
      env,
    });
    expect(stdout).toMatch(/pairs 1, accepted 1, rejected 0, recompute run/);
    const { rankObservationsStore } = await import('../../functions/storage/rank-observations');
    const { pairIdOf } = await import('../../functions/domain/rank-measurement/pairs');
    const checks = await rankObservationsStore.ofPairDay(
      pairIdOf({ keyword: '데모 키워드', productId: '9001', itemId: '1', vendorItemId: '2' }),
      kstToday(),
    );
    expect(checks).toHaveLength(1);
    const { slotsStore } = await import('../../functions/storage/slots');
    const slot = await slotsStore.get('SIM-1');
    // A failed check (2 %) leaves the rank alone; otherwise the job has set it.
    if (checks[0].status === 'found') expect(slot?.rank).toBe(checks[0].rank);
    if (checks[0].status === 'not_found') expect(slot?.rank).toBe(999);
  });

  it('refuses a base URL that is not this machine unless --allow-remote', async () => {
    const failure = await run(tsx, ['scripts/simulate-ranks.ts', '--once', '--base-url', 'https://example.com'], {
      cwd: root,
    }).catch((e: { code: number; stderr: string }) => e);
    expect((failure as { code: number }).code).toBe(2);
    expect((failure as { stderr: string }).stderr).toContain('refusing https://example.com');
  });
});
