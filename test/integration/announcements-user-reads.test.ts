import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays, kstToday } from '../../shared/kst';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { announcementsStore } from '../../functions/storage/announcements';
import { bootstrap } from '../../functions/domain/bootstrap';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';
import { recordStoreCalls, type StoreCall } from '../support/store-calls';

/**
 * Users' announcement list and the pinned banner (docs/data-model.md AN1): which announcements a
 * user sees, and in what order, comes from the small summaries; only the announcements shown are
 * read whole, so a page costs the same with 40 long announcements as with 5.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: { token: string };
let user: { token: string };

/** The DynamoDB calls of the last `record`ed work (the stack runs in this process). */
let calls: StoreCall[] = [];
const record = async <T>(fn: () => Promise<T>) => {
  const recorded = await recordStoreCalls(fn);
  calls = recorded.calls;
  return recorded.result;
};
/** A key attribute as the call carries it, marshalled (`{S: …}`) or not. */
const str = (v: unknown) => String(v && typeof v === 'object' && 'S' in v ? (v as { S: string }).S : v);
/**
 * Ids of announcements read whole (`ANNS` items: by id, or every one inside a queried id range), and
 * whether any call read the `ANNS` partition as a whole.
 */
function wholeReads() {
  const ids: string[] = [];
  let partitionQueried = false;
  for (const { command, input } of calls) {
    const values = input.ExpressionAttributeValues ?? {};
    if (/^Query/.test(command) && str(values[':pk']) === 'ANNS') {
      if (!/BETWEEN/.test(input.KeyConditionExpression)) partitionQueried = true;
      else {
        const [lo, hi] = [str(values[':lo']).slice(4), str(values[':hi']).slice(4)];
        ids.push(...created.filter((a) => a.id >= lo && a.id <= hi).map((a) => a.id));
      }
    }
    if (/^Get(Item)?Command/.test(command) && str(input.Key?.PK) === 'ANNS') ids.push(str(input.Key.SK).slice(4));
    if (/^BatchGet/.test(command))
      for (const req of Object.values(input.RequestItems ?? {}) as Array<{ Keys: Array<Record<string, unknown>> }>)
        for (const k of req.Keys) if (str(k.PK) === 'ANNS') ids.push(str(k.SK).slice(4));
  }
  return { ids: ids.sort(), partitionQueried };
}

type Listed = { id: string; title: string; is_pinned: boolean; is_read: boolean; content: string };
const userList = async (limit: number) => {
  const res = await api.call('GET', `/api/announcements?limit=${limit}`, { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { announcements: Listed[]; total: number };
};
const banner = async () => {
  const res = await api.call('GET', '/api/announcements/pinned', { token: user.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Listed[];
};

const body = `<p>${'긴 본문입니다. '.repeat(400)}</p>`;
/** Titles in creation order; what the user should see, pinned first then newest. */
const created: Array<{ id: string; title: string; pinned: boolean; live: boolean }> = [];

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator' });
  user = await newAccount(stack);
  // 40 long announcements: every seventh pinned, every fifth inactive, every sixth starting in 3 days, every eleventh ended yesterday.
  const today = kstToday();
  for (let i = 1; i <= 40; i++) {
    const extra = {
      is_pinned: i % 7 === 0,
      is_active: i % 5 !== 0,
      ...(i % 6 === 0 ? { start_date: addKstDays(today, 3) } : {}),
      ...(i % 11 === 0 ? { start_date: addKstDays(today, -9), end_date: addKstDays(today, -1) } : {}),
    };
    const res = await api.call('POST', '/api/announcements', {
      token: operator.token,
      body: { title: `공지 ${i}`, content: body, ...extra },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const live = i % 5 !== 0 && i % 6 !== 0 && i % 11 !== 0;
    created.push({ id: res.body.data.id, title: `공지 ${i}`, pinned: i % 7 === 0, live });
  }
});
afterAll(() => stack?.stop());

const expectedOrder = () =>
  created
    .filter((a) => a.live)
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || (a.id < b.id ? 1 : -1))
    .map((a) => a.title);

describe('users’ announcements read only what they show', () => {
  it('a user’s page reads only its page’s announcements whole (and hidden ones between them); order, total, visibility and is_read as before', async () => {
    const all = expectedOrder();
    expect(all.length).toBeGreaterThan(20);
    // Open one on the page: it comes back read.
    const opened = created.find((a) => a.title === all[2])!;
    expect((await api.call('GET', `/api/announcements/${opened.id}`, { token: user.token })).status).toBe(200);

    const page = await record(() => userList(5));
    expect(page.announcements.map((a) => a.title)).toEqual(all.slice(0, 5));
    expect(page.total).toBe(all.length);
    expect(page.announcements.map((a) => a.is_read)).toEqual([false, false, true, false, false]);
    expect(page.announcements[0].content).toContain('긴 본문입니다.');
    // Read whole: the page, and at most as many hidden ones lying between its newest ones (a range read).
    const reads = wholeReads();
    expect(reads.partitionQueried).toBe(false);
    const shown = page.announcements.map((a) => a.id);
    expect(reads.ids).toEqual(expect.arrayContaining(shown));
    expect(reads.ids.length).toBeLessThanOrEqual(2 * shown.length);
    const hiddenRead = reads.ids.filter((id) => !shown.includes(id));
    for (const id of hiddenRead) expect(created.find((a) => a.id === id)!.live).toBe(false);

    // The whole list (limit 100) still equals the old reading of every announcement.
    expect((await userList(100)).announcements.map((a) => a.title)).toEqual(all);
  });

  it('the banner reads only the pinned live ones whole, newest first', async () => {
    const pinned = created
      .filter((a) => a.pinned && a.live)
      .reverse()
      .map((a) => a.title);
    expect(pinned.length).toBeGreaterThan(1);
    const shown = await record(banner);
    expect(shown.map((a) => a.title)).toEqual(pinned);
    const reads = wholeReads();
    expect(reads.partitionQueried).toBe(false);
    expect(reads.ids).toEqual(shown.map((a) => a.id).sort());
  });

  it('an edit moves an announcement in or out at once (the summary is written with it)', async () => {
    const first = created.find((a) => a.title === '공지 1')!;
    const update = (b: Record<string, unknown>) =>
      api.call('PUT', `/api/announcements/${first.id}`, { token: operator.token, body: b });
    expect((await update({ is_pinned: true })).status).toBe(200);
    // Now the oldest pinned one: right after the other pinned live ones.
    const pinnedLive = created.filter((a) => a.pinned && a.live).length;
    expect((await userList(100)).announcements.map((a) => a.title).indexOf('공지 1')).toBe(pinnedLive);
    expect((await banner()).map((a) => a.title)).toContain('공지 1');
    expect((await update({ start_date: addKstDays(kstToday(), 1) })).status).toBe(200);
    expect((await userList(100)).announcements.map((a) => a.title)).not.toContain('공지 1');
    expect((await banner()).map((a) => a.title)).not.toContain('공지 1');
    expect((await update({ start_date: null, is_pinned: false })).status).toBe(200);
    expect((await userList(100)).announcements.map((a) => a.title)).toEqual(expectedOrder());
  });

  it('summaries from before the visibility fields: the lists read whole meanwhile, and bootstrap rewrites them once', async () => {
    // Two summaries as the previous code wrote them (no is_pinned, start_date, end_date); the version moves.
    const oldShape = created.filter((a) => a.title === '공지 14' || a.title === '공지 12');
    for (const a of oldShape) {
      const whole = (await announcementsStore.get(a.id, { consistent: true }))!;
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.announcementSummary(a.id),
            entity: 'announcementSummary',
            id: a.id,
            title: whole.title,
            author_name: whole.author_name,
            category: whole.category,
            is_active: whole.is_active,
            created_at: whole.created_at,
          },
        }),
      );
    }
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.announcementSummariesVersion(),
        UpdateExpression: 'ADD v :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    // Pinned '공지 14' still leads and future-dated '공지 12' stays hidden: read whole meanwhile.
    expect((await userList(100)).announcements.map((a) => a.title)).toEqual(expectedOrder());
    expect((await banner()).map((a) => a.title)).toContain('공지 14');
    expect((await announcementsStore.withoutSummary()).map((a) => a.id).sort()).toEqual(
      oldShape.map((a) => a.id).sort(),
    );

    const developer = { loginId: localStackDefaults.developerId, password: localStackDefaults.developerPassword };
    await Promise.all([bootstrap(developer), bootstrap(developer)]);
    expect(await announcementsStore.withoutSummary()).toEqual([]);
    const page = await record(() => userList(5));
    expect(page.announcements.map((a) => a.title)).toEqual(expectedOrder().slice(0, 5));
    expect(wholeReads().partitionQueried).toBe(false);
    expect(wholeReads().ids.length).toBeLessThanOrEqual(10);
  });
});
