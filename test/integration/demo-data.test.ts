import '../support/quiet';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { addKstDays, kstDayOf, kstToday } from '../../shared/kst';

/** `npm run demo-data`: a populated first look through the real API, local only. */
const run = promisify(execFile);
let stack: LocalStack;

const demo = (url: string) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/demo-data.ts', '--url', url], {
    env: {
      ...process.env,
      BOOTSTRAP_DEVELOPER_ID: localStackDefaults.developerId,
      BOOTSTRAP_DEVELOPER_PASSWORD: localStackDefaults.developerPassword,
    },
    timeout: 120_000,
  });

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
});
afterAll(() => stack?.stop());

describe('npm run demo-data', () => {
  it('refuses a product that is not local', async () => {
    const refused = await demo('https://simple-slot.example.com').catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('로컬 제품에만 데모 데이터를 넣을 수 있습니다'),
    });
  });

  it('fills every screen: slots in every status, charges and a ledger, an issuance, ranks, announcements, notifications and a chat; and refuses to run twice', async () => {
    const { stdout } = await demo(stack.url);
    expect(stdout).toContain('완료.');
    const api = apiClient(stack.url);
    const { token } = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
    const stats = (await api.call('GET', '/api/slots/system-stats', { token })).body.data.statusBreakdown;
    for (const status of [
      'empty',
      'pending',
      'active',
      'waiting',
      'completed',
      'paused',
      'rejected',
      'refunded',
      'expired',
      'deleted',
    ]) {
      expect(stats[status], status).toBeGreaterThan(0);
    }
    const charges = (await api.call('GET', '/api/cash/charge-requests?limit=50', { token })).body.data.items.map(
      (c: { status: string }) => c.status,
    );
    expect(new Set(charges)).toEqual(new Set(['approved', 'rejected', 'pending']));
    const { token: adv } = await api.login('demoadv1', 'demo1234');
    const ledger = (await api.call('GET', '/api/cash/transactions', { token: adv })).body.data.items.map(
      (e: { type: string }) => e.type,
    );
    expect(ledger).toEqual(expect.arrayContaining(['charge', 'bonus', 'purchase', 'refund']));
    expect((await api.call('GET', '/api/slots/allocation-history', { token })).body.data.pagination.total).toBe(2);

    // Rank history from the demo worker: running slots show a rank, yesterday's rank (the arrow) and a two-day chart.
    const running = (await api.call('GET', '/api/slots?status=active&limit=50', { token: adv })).body.data
      .items as Array<{
      id: string;
      rank: number | null;
      yesterday_rank: number | null;
      rank_measured_at: string | null;
    }>;
    const ranked = running.filter((s) => s.rank !== null && s.yesterday_rank !== null);
    expect(ranked.length).toBeGreaterThan(0);
    // Each rank says when it was measured, at its own time of today or yesterday (KST) as a worker's round would.
    const measured = ranked.map((s) => s.rank_measured_at);
    expect(measured.every((at) => at !== null && [addKstDays(kstToday(), -1), kstToday()].includes(kstDayOf(at)))).toBe(
      true,
    );
    expect(new Set(measured).size).toBeGreaterThan(1);
    expect(ranked.some((s) => s.rank !== s.yesterday_rank)).toBe(true);
    const history = (await api.call('GET', `/api/slots/${ranked[0].id}/rank-history`, { token: adv })).body.data
      .items as Array<{ date: string; rank: number }>;
    expect(history.map((d) => d.date)).toEqual([addKstDays(kstToday(), -1), kstToday()].sort());

    // Announcements: a pinned one, an urgent one and a normal one, formatted in HTML.
    const { announcements } = (await api.call('GET', '/api/announcements?limit=10', { token: adv })).body.data as {
      announcements: Array<{ priority: string; is_pinned: boolean; content: string }>;
    };
    expect(announcements.some((a) => a.is_pinned)).toBe(true);
    expect(announcements.some((a) => a.priority === 'urgent')).toBe(true);
    expect(announcements.some((a) => a.priority === 'normal' && !a.is_pinned)).toBe(true);
    expect(announcements.every((a) => /<(strong|ul|ol|h2)>/.test(a.content))).toBe(true);
    expect((await api.call('GET', '/api/announcements/pinned', { token: adv })).body.data.length).toBeGreaterThan(0);

    // Notifications: a broadcast and direct ones; some read, some not.
    const inbox = (await api.call('GET', '/api/notifications?limit=100', { token: adv })).body.data as {
      items: Array<{ recipient_id: string; sender: string; is_read: boolean }>;
      unreadCount: number;
    };
    expect(inbox.items.some((n) => n.recipient_id === 'all' && n.is_read)).toBe(true);
    expect(inbox.items.some((n) => n.recipient_id !== 'all' && n.sender === 'operator' && !n.is_read)).toBe(true);
    expect(inbox.unreadCount).toBeGreaterThan(0);
    const history2 = (await api.call('GET', '/api/notifications/all', { token })).body.data as {
      stats: { totalSent: number; totalRead: number };
    };
    expect(history2.stats.totalSent).toBeGreaterThanOrEqual(3);
    expect(history2.stats.totalRead).toBeGreaterThan(0);

    // Chat: switched on, the advertiser's question and the operator's answer, and a follow-up the operator has not read.
    const settings = (await api.call('GET', '/api/system-settings/key/chatEnabled', { token })).body.data;
    expect(settings.value).toBe(true);
    const { token: op } = await api.login('demoop', 'demo1234');
    const rooms = (await api.call('GET', '/api/chat/rooms', { token: op })).body.data as {
      items: Array<{ id: string; unread_count: number }>;
    };
    expect(rooms.items).toHaveLength(1);
    expect(rooms.items[0].unread_count).toBe(1);
    const messages = (await api.call('GET', `/api/chat/rooms/${rooms.items[0].id}/messages`, { token: adv })).body.data
      .items as Array<{ sender: { role: string } }>;
    expect(messages.map((m) => m.sender.role)).toEqual(['user', 'operator', 'user']);

    const again = await demo(stack.url).catch((err: { code: number; stderr: string }) => err);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('이미 데모 데이터가 있습니다') });
  });
});
