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

it('10 clients for 8 seconds mixing every feature: no 5xx, the ledger reconciles, every counter equals a recount', async () => {
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

  // Notifications, announcements and chat took part, and their counters hold.
  for (const op of ['notify-direct', 'notif-list', 'ann-create', 'ann-open', 'chat-send-first', 'chat-rooms'])
    expect(result.byOperation[op], op).toBeGreaterThan(0);
  expect(result.notifications).toEqual({ checkedUsers: 10, mismatches: [] });
  expect(result.chat.mismatches).toEqual([]);
  expect(result.chat.rooms).toBeGreaterThan(0);
  expect(result.chat.messages).toBeGreaterThan(result.chat.rooms);
  expect(result.announcements.mismatches).toEqual([]);
  expect(result.announcements.views).toBeGreaterThan(0);
  // Sends are paced under the 30-a-minute limit: most succeed.
  const chatSends = Object.entries(result.byOperation)
    .filter(([op]) => op.startsWith('chat-send'))
    .reduce((sum, [, count]) => sum + count, 0);
  expect(result.chatRateLimited).toBeLessThan(chatSends / 2);
}, 90_000);
