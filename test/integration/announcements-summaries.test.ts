import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { announcementsStore } from '../../functions/storage/announcements';
import { bootstrap } from '../../functions/domain/bootstrap';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';

/**
 * The announcements management list reads summaries (docs/data-model.md AN1m): a small item per
 * announcement, kept in the transaction of every create, update and delete, so its search, filters
 * and pages never read a body; announcements from before the summaries get theirs at bootstrap.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: { id: string; token: string };

type Page = {
  announcements: Array<{ id: string; title: string; is_active: boolean; content: string }>;
  total: number;
  nextCursor?: string;
};
const list = async (query = ''): Promise<Page> => {
  const res = await api.call('GET', `/api/announcements?includeInactive=true&limit=100&${query}`, {
    token: operator.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const titles = async (query = '') => (await list(query)).announcements.map((a) => a.title);
const create = async (body: Record<string, unknown>) => {
  const res = await api.call('POST', '/api/announcements', { token: operator.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};
const update = (id: string, body: Record<string, unknown>) =>
  api.call('PUT', `/api/announcements/${id}`, { token: operator.token, body });
/** The summary items as stored, by id. */
async function summaries() {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': keys.announcementSummariesPartition().PK, ':p': keys.announcementPrefix() },
      ConsistentRead: true,
    }),
  );
  return new Map((out.Items ?? []).map((i) => [String(i.id), i]));
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '김운영' });
});
afterAll(() => stack?.stop());

describe('announcement summaries', () => {
  it('keep only the list fields, follow every create, update and delete, and the list shows them at once', async () => {
    const long = `<p>${'본문 '.repeat(2000)}</p>`;
    const id = await create({ title: '정기 점검 안내', content: long, category: 'maintenance' });
    const stored = (await summaries()).get(id)!;
    expect(Object.keys(stored).sort()).toEqual(
      [
        'PK',
        'SK',
        'entity',
        'id',
        'title',
        'author_name',
        'category',
        'is_active',
        'created_at',
        'is_pinned',
        'start_date',
        'end_date',
      ].sort(),
    );
    expect(JSON.stringify(stored).length).toBeLessThan(400);
    // The page itself is whole: the body comes with it.
    expect((await list(`search=${encodeURIComponent('정기')}`)).announcements[0].content).toContain('본문');

    expect((await update(id, { title: '긴급 점검 안내' })).status).toBe(200);
    expect(await titles(`search=${encodeURIComponent('정기')}`)).toEqual([]);
    expect(await titles(`search=${encodeURIComponent('긴급')}`)).toEqual(['긴급 점검 안내']);
    expect((await update(id, { is_active: false })).status).toBe(200);
    expect(await titles('active=active&category=maintenance')).toEqual([]);
    expect(await titles('active=inactive&category=maintenance')).toEqual(['긴급 점검 안내']);

    expect((await api.call('DELETE', `/api/announcements/${id}`, { token: operator.token })).status).toBe(200);
    expect((await summaries()).has(id)).toBe(false);
    expect(await titles(`search=${encodeURIComponent('점검')}`)).toEqual([]);
  });

  it('stay exact when two edits of one announcement race (each edit reads again if the other won)', async () => {
    const id = await create({ title: '경합 공지', content: '<p>x</p>', is_active: true, category: 'general' });
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([
        update(id, { title: `경합 공지 ${round}` }),
        update(id, { is_active: round % 2 === 1, category: round % 2 ? 'event' : 'update' }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const whole = (await announcementsStore.get(id, { consistent: true }))!;
      const summary = (await summaries()).get(id)!;
      expect(summary).toMatchObject({ title: `경합 공지 ${round}`, is_active: round % 2 === 1 });
      expect(summary).toMatchObject({ title: whole.title, is_active: whole.is_active, category: whole.category });
    }
  });

  it('are written at bootstrap for announcements from before them, once, and the list pages them', async () => {
    // 25 announcements as the earlier code stored them: the item alone, no summary.
    const now = Date.now();
    for (let i = 1; i <= 25; i++) {
      const at = new Date(now - i * 86_400_000).toISOString();
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.announcement(`01A0DANN00000000000000${String(100 - i).padStart(4, '0')}`),
            entity: 'announcement',
            id: `01A0DANN00000000000000${String(100 - i).padStart(4, '0')}`,
            title: `예전 공지 ${i}`,
            content: '<p>예전 내용</p>',
            content_type: 'html',
            category: i % 2 ? 'event' : 'general',
            priority: 'normal',
            is_pinned: false,
            is_active: i % 5 !== 0,
            start_date: null,
            end_date: null,
            images: [],
            author_id: operator.id,
            author_name: '예전운영자',
            view_count: 0,
            created_at: at,
            updated_at: at,
          },
        }),
      );
    }
    expect(await titles(`search=${encodeURIComponent('예전')}`)).toEqual([]);

    const developer = { loginId: localStackDefaults.developerId, password: localStackDefaults.developerPassword };
    await Promise.all([bootstrap(developer), bootstrap(developer)]);
    await bootstrap(developer);
    expect(await announcementsStore.withoutSummary()).toEqual([]);

    // Paged by cursor from the summaries, newest first, searched by author, filtered by state and category.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await api.call(
        'GET',
        `/api/announcements?includeInactive=true&limit=10&search=${encodeURIComponent('예전운영자')}${cursor ? `&cursor=${cursor}` : ''}`,
        { token: operator.token },
      );
      const page = res.body.data as Page;
      expect(page.total).toBe(25);
      seen.push(...page.announcements.map((a) => a.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `예전 공지 ${i + 1}`));
    expect(await titles(`search=${encodeURIComponent('예전')}&active=inactive&category=general`)).toEqual([
      '예전 공지 10',
      '예전 공지 20',
    ]);
    expect([...(await summaries()).values()].filter((s) => String(s.title).startsWith('예전'))).toHaveLength(25);
  });
});
