import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays } from '../../shared/kst';
import { stableKstToday } from '../support/kst-day';
import { defaultFieldConfigs } from '../../shared/field-configs';
import { slotQueryMessages } from '../../shared/messages/slots';
import { bootstrap } from '../../functions/domain/bootstrap';
import { db, tableName } from '../../functions/storage/client';
import { fieldConfigsStore } from '../../functions/storage/field-configs';
import { keys } from '../../functions/storage/keys';
import { slotsStore } from '../../functions/storage/slots';
import { slotSearchSnapshotsStore } from '../../functions/storage/slot-search-snapshots';
import { dropSearchCopies, lastCopyLoad } from '../../functions/domain/slots/search-copy';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, row, setSetting } from '../support/slots';

/**
 * The slot console's searches across users (GET /api/slots with keyword, url, productName, user,
 * slotNumber together with the registration period and status, or the simple search): every field
 * given must match, over every slot of every registration date (the staff search's index, S8s), and
 * the configured fields marked searchable are searched too.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let operator: Awaited<ReturnType<typeof newAccount>>;
let alice: Awaited<ReturnType<typeof newAccount>>;
let bob: Awaited<ReturnType<typeof newAccount>>;
const aliceIds: string[] = [];
// One KST day for the whole file (its checks compare it with the server's today).
const today = await stableKstToday();

type Page = { items: Array<{ id: string; slot_number: number; keyword: string; userId: string }>; pagination: any };
const search = async (query: string) => {
  const res = await api.call('GET', `/api/slots?${query}`, { token: operator.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page;
};
/** Every page of a search, `limit` at a time. */
async function allPages(query: string, limit = 10) {
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; page < 50; page++) {
    const data = await search(`${query}&limit=${limit}&page=${page}`);
    total = data.pagination.total;
    ids.push(...data.items.map((s) => s.id));
    if (data.items.length < limit) break;
  }
  return { ids, total };
}
const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  await setSetting('maxSlotsPerUser', 1000);
  operator = await newAccount(stack, { role: 'operator' });
  alice = await newAccount(stack, { balance: 100_000_000, name: '김앨리스' });
  bob = await newAccount(stack, { balance: 100_000_000, name: '박밥' });
  // Alice: 25 slots, odd ones '무선 마우스 n', even ones '기계식 키보드 n'; Bob: 6 '무선 마우스' slots.
  const res = await api.call('POST', '/api/slots/bulk', {
    token: alice.token,
    body: {
      rows: Array.from({ length: 25 }, (_, i) =>
        row(i + 1, { keywords: i % 2 === 0 ? `무선 마우스 ${i + 1}` : `기계식 키보드 ${i + 1}` }),
      ),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  aliceIds.push(...res.body.data.slotIds);
  await api.call('POST', '/api/slots/bulk', {
    token: bob.token,
    body: { rows: Array.from({ length: 6 }, (_, i) => row(100 + i, { keywords: `무선 마우스 ${100 + i}` })) },
  });
  // Alice's #3 has a product name; her #25 was registered 200 days ago (outside the default periods).
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.slot(aliceIds[2]),
      UpdateExpression: 'SET product_name = :p',
      ExpressionAttributeValues: { ':p': '로지텍 무선 마우스 M331' },
    }),
  );
  const old = `${addKstDays(today, -200)}T03:00:00.000Z`;
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.slot(aliceIds[24]),
      UpdateExpression: 'SET createdAt = :c, GSI2SK = :s, GSI1SK = :s',
      ExpressionAttributeValues: { ':c': old, ':s': `${old}#${aliceIds[24]}` },
    }),
  );
});
afterAll(() => stack?.stop());

describe('combined advanced search', () => {
  it('combines a Korean keyword with the user (login id) and pages without duplicates or gaps', async () => {
    const { ids, total } = await allPages(q({ keyword: '무선', user: alice.email }), 10);
    // Alice's odd slots: #1, #3 … #25 = 13, also the one registered 200 days ago (a user narrows, no period cap).
    expect(total).toBe(13);
    expect(ids).toHaveLength(13);
    expect(new Set(ids).size).toBe(13);
    expect(new Set(ids)).toEqual(new Set(aliceIds.filter((_, i) => i % 2 === 0)));
  });

  it('requires every field given to match: keyword, product name, slot number and user', async () => {
    expect(
      (await search(q({ keyword: '무선', productName: '로지텍' }) + `&dateFrom=${addKstDays(today, -7)}`)).items.map(
        (s) => s.id,
      ),
    ).toEqual([aliceIds[2]]);
    expect((await search(q({ user: alice.id, slotNumber: 4 }))).items.map((s) => s.keyword)).toEqual([
      '기계식 키보드 4',
    ]);
    expect((await search(q({ user: alice.id, slotNumber: 4, keyword: '무선' }))).items).toEqual([]);
    expect((await search(q({ user: bob.email.toUpperCase(), keyword: '마우스' }))).pagination.total).toBe(6);
    expect((await search(q({ user: 'nobody-such', keyword: '마우스' }))).pagination.total).toBe(0);
    // userId and user naming two different accounts: nothing.
    expect((await search(q({ userId: alice.id, user: bob.id }))).pagination.total).toBe(0);
  });

  it('narrows by the registration period and status across users', async () => {
    const recent = await allPages(q({ keyword: '무선 마우스', dateFrom: addKstDays(today, -30), dateTo: today }), 10);
    // Alice's 12 recent odd slots and Bob's 6; the 200-day-old one lies outside the period.
    expect(recent.total).toBe(18);
    expect(new Set(recent.ids).size).toBe(18);
    expect(recent.ids).not.toContain(aliceIds[24]);
    const old = await search(
      q({ keyword: '마우스', dateFrom: addKstDays(today, -210), dateTo: addKstDays(today, -190) }),
    );
    expect(old.items.map((s) => s.id)).toEqual([aliceIds[24]]);
    // Only dateTo: everything registered up to it, however long ago.
    expect((await search(q({ keyword: '마우스', dateTo: today }))).pagination.total).toBe(19);
    expect((await search(q({ keyword: '마우스', dateTo: today, status: 'pending' }))).pagination.total).toBe(19);
    expect((await search(q({ keyword: '마우스', dateTo: today, status: 'active' }))).pagination.total).toBe(0);
    expect((await search(q({ url: 'products/1105', dateTo: today }))).items.map((s) => s.userId)).toEqual([bob.id]);
  });

  it('finds every slot without a user or a period, the one registered 200 days ago too', async () => {
    const all = await allPages(q({ keyword: '무선' }), 10);
    // Alice's 13 odd slots and Bob's 6.
    expect(all.total).toBe(19);
    expect(new Set(all.ids).size).toBe(19);
    expect(all.ids).toContain(aliceIds[24]);
    // A slot number across users: Alice's #25 and nobody else's.
    expect((await search(q({ slotNumber: 25 }))).items.map((s) => s.id)).toEqual([aliceIds[24]]);
    // The simple search too: every slot of the status, oldest first.
    const oldest = await search(q({ search: '마우스 25', sortOrder: 'asc', status: 'pending' }));
    expect(oldest.items.map((s) => s.id)).toEqual([aliceIds[24]]);
  });

  it('a search after a change sees it at once: a new slot, a new keyword, a new status', async () => {
    const period = { dateFrom: addKstDays(today, -30), dateTo: today };
    expect((await search(q({ keyword: '키보드', ...period }))).pagination.total).toBe(12);
    // Another field over the same period filters the same read.
    expect((await search(q({ keyword: '키보드 10', ...period }))).items.map((s) => s.keyword)).toEqual([
      '기계식 키보드 10',
    ]);
    const res = await api.call('POST', '/api/slots/bulk', {
      token: bob.token,
      body: { rows: [row(200, { keywords: '기계식 키보드 200' })] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await search(q({ keyword: '키보드', ...period }))).pagination.total).toBe(13);
    // The owner renames a keyword: the new one is found, the old one no longer.
    const edit = await api.call('PUT', `/api/slots/${aliceIds[5]}/update-fields`, {
      token: alice.token,
      body: { customFields: { keywords: '게이밍 헤드셋' } },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await search(q({ keyword: '헤드셋' }))).items.map((s) => s.id)).toEqual([aliceIds[5]]);
    expect((await search(q({ keyword: '키보드 6' }))).items).toEqual([]);
    // An operator rejects it: it moves to the rejected tab's search.
    const reject = await api.call('POST', `/api/slots/${aliceIds[5]}/approve`, {
      token: operator.token,
      body: { approved: false, rejectionReason: '검색 테스트' },
    });
    expect(reject.status, JSON.stringify(reject.body)).toBe(200);
    expect((await search(q({ keyword: '헤드셋', status: 'rejected' }))).items.map((s) => s.id)).toEqual([aliceIds[5]]);
    expect((await search(q({ keyword: '헤드셋', status: 'pending' }))).items).toEqual([]);
  });

  it('searches the configured fields marked searchable, and only those', async () => {
    const res = await api.call('POST', '/api/slots/bulk', {
      token: bob.token,
      body: { rows: [row(300, { keywords: '블루투스 스피커', description: '사은품 증정 행사' })] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [memoSlot] = res.body.data.slotIds;
    const memo = defaultFieldConfigs.find((f) => f.field_key === 'description')!;
    expect(memo.is_searchable).toBe(false);
    expect((await search(q({ search: '사은품' }))).items).toEqual([]);
    await fieldConfigsStore.put({ ...memo, is_searchable: true });
    try {
      expect((await search(q({ search: '사은품' }))).items.map((s) => s.id)).toEqual([memoSlot]);
      // The one-field searches look only at their own field.
      expect((await search(q({ search: '사은품', searchType: 'keyword' }))).items).toEqual([]);
    } finally {
      await fieldConfigsStore.put(memo);
    }
  });

  it('slots written before the search index get its keys once, at bootstrap, and are found', async () => {
    // A slot as stored before the index: no GSI3 keys (written past the storage module).
    const before = await slotsStore.get(aliceIds[0]);
    const legacyId = 'LEGACYSLOTSEARCH1';
    const {
      GSI3PK: _pk,
      GSI3SK: _sk,
      ...item
    } = {
      ...before!,
      ...keys.slot(legacyId),
      ...keys.slotsOfUser(alice.id, before!.createdAt, legacyId),
      ...keys.slotsByStatus('pending', before!.createdAt, legacyId),
      entity: 'slot',
      id: legacyId,
      slot_number: 900,
      keyword: '레거시 모니터',
      bulkId: undefined,
      bulkAttempt: undefined,
      bulkIndex: undefined,
    } as Record<string, unknown>;
    await db().send(new PutCommand({ TableName: tableName(), Item: item, RemoveUndefinedValues: true } as any));
    const first = await bootstrap({ loginId: 'searchdev', password: 'devpass123' });
    expect(first.slotsKeyed).toBe(1);
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.slot(legacyId) }));
    expect(stored.Item?.GSI3PK).toMatch(/^SLOTSEARCH#\d$/);
    expect((await search(q({ keyword: '레거시' }))).items.map((s) => s.id)).toEqual([legacyId]);
    // A second run (or a second instance) keys nothing again.
    expect((await bootstrap({ loginId: 'searchdev', password: 'devpass123' })).slotsKeyed).toBe(0);
  });

  it('refuses bad input in Korean', async () => {
    const bad = async (query: string) => {
      const res = await api.call('GET', `/api/slots?${query}`, { token: operator.token });
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await bad(q({ keyword: '무선', dateFrom: today, dateTo: addKstDays(today, -1) }))).toMatch(/종료일/);
    expect(await bad(q({ user: alice.id, slotNumber: 0 }))).toMatch(/[가-힣]/);
    expect(await bad(q({ user: alice.id, slotNumber: 'abc' }))).toBe(slotQueryMessages.slotNumberInvalid);
    // A reversed period is refused in the simple search too, not answered with an empty list.
    expect(await bad(q({ search: '무선', dateFrom: today, dateTo: addKstDays(today, -1) }))).toMatch(/종료일/);
  });
});

describe("the search's snapshot: a new process's first search starts from it", () => {
  const runJob = async () => {
    const res = await fetch(`${stack.url}/_local/jobs/slot-search-snapshot`, { method: 'POST' });
    expect(res.status).toBe(200);
    return (await res.json()).data as { written: boolean; snapshotId: string; rows: number; chunks: number };
  };
  /** The answer a process that never searched gives (its first search loads the copy). */
  const coldSearch = async (query: string) => {
    dropSearchCopies();
    return search(query);
  };
  const chunksOf = async (snapshotId: string) =>
    (
      await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': keys.slotSearchSnapshotChunk(snapshotId, 0).PK },
          ProjectionExpression: 'SK',
        }),
      )
    ).Items ?? [];

  it('finds slots written and changed after the snapshot, with their new values', async () => {
    const job = await runJob();
    expect(job.written).toBe(true);
    const before = await coldSearch(q({ keyword: '키보드 8' }));
    expect(lastCopyLoad()?.source).toBe('snapshot');
    expect(before.items.map((s) => s.id)).toEqual([aliceIds[7]]);
    // After the snapshot: a new slot, and one of its slots with a new keyword.
    const res = await api.call('POST', '/api/slots/bulk', {
      token: bob.token,
      body: { rows: [row(400, { keywords: '스냅샷 이후 모니터' })] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [late] = res.body.data.slotIds;
    const edit = await api.call('PUT', `/api/slots/${aliceIds[7]}/update-fields`, {
      token: alice.token,
      body: { customFields: { keywords: '스냅샷 이후 태블릿' } },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const after = await coldSearch(q({ keyword: '스냅샷 이후' }));
    expect(lastCopyLoad()?.source).toBe('snapshot');
    expect(new Set(after.items.map((s) => s.id))).toEqual(new Set([late, aliceIds[7]]));
    expect(after.pagination.total).toBe(2);
    // The snapshot's older row of the changed slot does not win over its newer one.
    expect((await search(q({ keyword: '키보드 8' }))).items).toEqual([]);
  });

  it('a damaged or partial snapshot is passed over: the whole index answers, the same rows', async () => {
    await runJob();
    const expected = await coldSearch(q({ keyword: '무선' }));
    expect(lastCopyLoad()?.source).toBe('snapshot');
    const head = (await slotSearchSnapshotsStore.head())!;
    // One chunk's bytes damaged.
    await slotSearchSnapshotsStore.putChunk(head.snapshotId, 0, Buffer.from('not a gzip chunk'));
    const damaged = await coldSearch(q({ keyword: '무선' }));
    expect(lastCopyLoad()).toMatchObject({ source: 'index', passedOver: 'chunk 0 damaged' });
    expect(damaged.pagination.total).toBe(expected.pagination.total);
    expect(damaged.items.map((s) => s.id)).toEqual(expected.items.map((s) => s.id));
    // A head naming a chunk that was never written (a run that stopped half-way).
    const fresh = await runJob();
    expect(fresh.written).toBe(true);
    const written = (await slotSearchSnapshotsStore.head())!;
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.slotSearchSnapshotHead(),
          ...written,
          takenAt: new Date().toISOString(),
          chunkRows: [...written.chunkRows, 3],
          rows: written.rows + 3,
        },
      }),
    );
    const partial = await coldSearch(q({ keyword: '무선' }));
    expect(lastCopyLoad()).toMatchObject({ source: 'index', passedOver: `chunk ${written.chunkRows.length} missing` });
    expect(partial.pagination.total).toBe(expected.pagination.total);
  });

  it('the snapshot job run again with nothing changed writes nothing; older snapshots are deleted', async () => {
    const first = await runJob();
    // This process's copy read the unusable head above: the job replaced it.
    expect(first.written).toBe(true);
    const again = await runJob();
    expect(again).toMatchObject({ written: false, snapshotId: first.snapshotId });
    expect(await chunksOf(first.snapshotId)).toHaveLength(first.chunks);
    const change = async (keyword: string) => {
      const res = await api.call('PUT', `/api/slots/${aliceIds[9]}/update-fields`, {
        token: alice.token,
        body: { customFields: { keywords: keyword } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return runJob();
    };
    const second = await change('스냅샷 두 번째');
    expect(second.written).toBe(true);
    // The one it replaced is kept for readers still on it.
    expect(await chunksOf(first.snapshotId)).toHaveLength(first.chunks);
    const third = await change('스냅샷 세 번째');
    expect(third.written).toBe(true);
    expect(await chunksOf(first.snapshotId)).toEqual([]);
    expect(await chunksOf(second.snapshotId)).toHaveLength(second.chunks);
    // Every slot is in it once.
    const indexed = await Promise.all(Array.from({ length: 8 }, (_, shard) => slotsStore.searchRows(shard)));
    expect(third.rows).toBe(indexed.flat().length);
    expect((await coldSearch(q({ keyword: '스냅샷 세 번째' }))).items.map((s) => s.id)).toEqual([aliceIds[9]]);
    expect(lastCopyLoad()?.source).toBe('snapshot');
  });
});
