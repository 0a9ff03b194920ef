import '../support/quiet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runSoak } from '../../bench/soak';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, setSetting } from '../support/slots';

/** The short soak of `npm test` (the long one is `npm run soak`): no 5xx, the books exact afterwards. */
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  await setSetting('maxSlotsPerUser', 1000);
});
afterAll(() => stack?.stop());

it('10 clients for 8 seconds mixing every feature: no 5xx, the ledger reconciles, counters equal a recount', async () => {
  const operator = await newAccount(stack, { role: 'operator' });
  const advertisers = [];
  for (let i = 0; i < 10; i++) advertisers.push(await newAccount(stack, { balance: 5_000_000 }));
  const result = await runSoak({ url: stack.url, seconds: 8, operatorToken: operator.token, advertisers });
  expect(result.serverErrors).toEqual([]);
  expect(result.requests).toBeGreaterThan(30);
  expect(result.byOperation.register).toBeGreaterThan(0);
  expect(result.ledger).toMatchObject({ drifted: 0, failed: 0 });
  expect(result.ledger.checkedUsers).toBeGreaterThanOrEqual(11);
  expect(result.counterMismatches).toEqual([]);
}, 90_000);
