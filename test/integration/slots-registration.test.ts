import '../support/quiet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addKstDays, kstToday } from '../../shared/kst';
import { ledgerStore } from '../../functions/storage/ledger';
import { slotsStore } from '../../functions/storage/slots';
import { slotBulksStore } from '../../functions/storage/slot-bulks';
import { transact } from '../../functions/storage/transactions';
import { runSlotStatusJob } from '../../functions/domain/slots/status-job';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { balanceOf, newAccount, productUrl, resetSettings, row, setSetting } from '../support/slots';

/** POST /slots and POST /slots/bulk against the real local stack: money, counters, numbers, errors. */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
const PRICE = 50_000;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
});
afterAll(() => stack?.stop());
afterEach(() =>
  resetSettings('useCashSystem', 'maxSlotsPerUser', 'slotAutoApproval', 'slotOperationMode', 'defaultSlotPrice'),
);

const purchases = async (userId: string) => (await ledgerStore.allEntries(userId)).filter((e) => e.type === 'purchase');
const countOf = async (token: string) => (await api.call('GET', '/api/slots/count', { token })).body.data;

describe('GET /api/field-configs', () => {
  it('lists the default fields in order, system fields marked, for any signed-in user', async () => {
    const user = await newAccount(stack);
    const res = await api.call('GET', '/api/field-configs', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: any) => f.field_key)).toEqual([
      'keywords',
      'landingUrl',
      'mid',
      'adText',
      'description',
      'url_product_id',
      'url_item_id',
      'url_vendor_item_id',
    ]);
    expect(res.body.data.filter((f: any) => f.is_system_generated).map((f: any) => f.field_key)).toEqual([
      'url_product_id',
      'url_item_id',
      'url_vendor_item_id',
    ]);
    expect((await api.call('GET', '/api/field-configs')).status).toBe(401);
  });
});

describe('POST /api/slots', () => {
  it('charges the slot price once, stores a pending slot with its number and the derived product ids', async () => {
    const user = await newAccount(stack, { balance: 120_000 });
    const res = await api.call('POST', '/api/slots', {
      token: user.token,
      body: {
        customFields: {
          keywords: '무선 마우스',
          landingUrl: `${productUrl(1)}&q=무선 마우스`,
          mid: 'A1',
          description: '첫 슬롯',
        },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      slot_number: 1,
      userId: user.id,
      status: 'pending',
      displayStatus: 'pending',
      displayStatusLabel: '승인대기',
      keyword: '무선 마우스',
      url: productUrl(1),
      mid: 'A1',
      url_product_id: '1001',
      url_item_id: '2001',
      url_vendor_item_id: '3001',
      price: PRICE,
      startDate: null,
      endDate: null,
      rank: null,
      is_extended: false,
    });
    expect(res.body.data.customFields).toMatchObject({
      keywords: '무선 마우스',
      url_product_id: '1001',
      description: '첫 슬롯',
    });
    expect(await balanceOf(user.id)).toBe(70_000);
    const [entry] = await purchases(user.id);
    expect(entry).toMatchObject({ amount: PRICE, referenceId: res.body.data.id, balanceAfter: 70_000 });
    expect((await countOf(user.token)).byStatus.pending).toBe(1);

    const second = await api.call('POST', '/api/slots', {
      token: user.token,
      // The flat client shape (the spec's example body): top-level keyword / url / mid and a dailyBudget it ignores.
      body: { keyword: '키보드', url: productUrl(2), mid: '', dailyBudget: 0 },
    });
    expect(second.body.data).toMatchObject({
      slot_number: 2,
      keyword: '키보드',
      customFields: { keywords: '키보드', landingUrl: productUrl(2) },
    });
    expect(await balanceOf(user.id)).toBe(20_000);
  });

  it('answers every field rule with the spec text and writes nothing', async () => {
    const user = await newAccount(stack, { balance: 100_000 });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ keywords: '', landingUrl: productUrl(1) }, '키워드는 필수 입력 항목입니다.'],
      [{ keywords: '마우스', landingUrl: '' }, 'URL은 필수 입력 항목입니다.'],
      [{ keywords: '마우스', landingUrl: 'ftp://x' }, 'URL은 http:// 또는 www.coupang.com 시작해야 합니다.'],
      [{ keywords: '마우스', landingUrl: 'https://smartstore.naver.com/a/products/1' }, '쿠팡 URL만 허용됩니다.'],
      [
        { keywords: '마우스', landingUrl: 'https://www.coupang.com/vp/products/1' },
        '쿠팡 URL에는 itemId와 vendorItemId 파라미터가 필요합니다. 올바른 형식: https://www.coupang.com/vp/products/{상품ID}?itemId=...&vendorItemId=...',
      ],
      [
        { keywords: '마우스', landingUrl: 'https://www.coupang.com/np/categories/1?itemId=1&vendorItemId=2' },
        '올바른 쿠팡 상품 URL 형식이 아닙니다. 올바른 형식: https://www.coupang.com/vp/products/{상품ID}?itemId=...&vendorItemId=...',
      ],
      [
        { keywords: Array.from({ length: 11 }, (_, i) => `k${i}`).join(','), landingUrl: productUrl(1) },
        '키워드는 최대 10개까지 입력할 수 있습니다.',
      ],
    ];
    for (const [customFields, message] of cases) {
      const res = await api.call('POST', '/api/slots', { token: user.token, body: { customFields } });
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', error: message });
      expect(res.body.details[0].message).toBe(message);
    }
    expect(await balanceOf(user.id)).toBe(100_000);
    expect((await countOf(user.token)).count).toBe(0);
    expect((await api.call('GET', '/api/slots', { token: user.token })).body.data.items).toEqual([]);
  });

  it('requires a configured required field with {label}은(는) 필수 입력 항목입니다.', async () => {
    const { fieldConfigsStore } = await import('../../functions/storage/field-configs');
    const mid = (await fieldConfigsStore.list()).find((f) => f.field_key === 'mid')!;
    await fieldConfigsStore.put({ ...mid, is_required: true });
    try {
      const user = await newAccount(stack, { balance: 100_000 });
      const res = await api.call('POST', '/api/slots', {
        token: user.token,
        body: { customFields: { keywords: '마우스', landingUrl: productUrl(1), mid: '  ' } },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('MID은(는) 필수 입력 항목입니다.');
    } finally {
      await fieldConfigsStore.put(mid);
    }
  });

  it('refuses with the balance message when the balance is short, and writes nothing', async () => {
    const user = await newAccount(stack, { balance: 30_000 });
    const res = await api.call('POST', '/api/slots', { token: user.token, body: row(1) });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      error: '잔액이 부족합니다. 필요 금액: 50,000원, 현재 잔액: 30,000원',
    });
    expect(await balanceOf(user.id)).toBe(30_000);
    expect((await countOf(user.token)).count).toBe(0);
  });

  it('with the same Idempotency-Key returns the first slot and charges once', async () => {
    const user = await newAccount(stack, { balance: 200_000 });
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const [a, b] = await Promise.all([
      api.call('POST', '/api/slots', { token: user.token, body: row(1), headers }),
      api.call('POST', '/api/slots', { token: user.token, body: row(1), headers }),
    ]);
    const c = await api.call('POST', '/api/slots', { token: user.token, body: row(1), headers });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.data.id, b.body.data.id, c.body.data.id]).size).toBe(1);
    expect(await balanceOf(user.id)).toBe(150_000);
    expect(await purchases(user.id)).toHaveLength(1);
    expect((await countOf(user.token)).count).toBe(1);

    // The same key with another body is another request, not a retry: 422, nothing created or charged.
    const other = await api.call('POST', '/api/slots', { token: user.token, body: row(2), headers });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      code: 'IDEMPOTENCY_MISMATCH',
      error: '같은 Idempotency-Key로 다른 요청이 이미 처리되었습니다. 새 요청에는 새 키를 보내주세요.',
    });
    expect(await balanceOf(user.id)).toBe(150_000);
    expect((await countOf(user.token)).count).toBe(1);
    // …and so is the same key on another route.
    const elsewhere = await api.call('PATCH', `/api/slots/${a.body.data.id}/status`, {
      token: user.token,
      body: { status: 'paused' },
      headers,
    });
    expect(elsewhere.status).toBe(422);
  });

  it('enforces maxSlotsPerUser on the server', async () => {
    await setSetting('maxSlotsPerUser', 2);
    const user = await newAccount(stack, { balance: 500_000 });
    for (const n of [1, 2])
      expect((await api.call('POST', '/api/slots', { token: user.token, body: row(n) })).status).toBe(201);
    const res = await api.call('POST', '/api/slots', { token: user.token, body: row(3) });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('슬롯은 사용자당 최대 2개까지 보유할 수 있습니다. (현재 2개)');
    expect(await balanceOf(user.id)).toBe(400_000);
  });

  it('holds maxSlotsPerUser under concurrent registrations', async () => {
    await setSetting('maxSlotsPerUser', 3);
    const user = await newAccount(stack, { balance: 1_000_000 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) => api.call('POST', '/api/slots', { token: user.token, body: row(n) })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(await balanceOf(user.id)).toBe(1_000_000 - 3 * PRICE);
    const numbers = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.data.slot_number)
      .sort();
    expect(numbers).toEqual([1, 2, 3]);
  });

  it('with auto-approval starts the slot today for slotDurationDays (end inclusive)', async () => {
    await setSetting('slotAutoApproval', true);
    const user = await newAccount(stack, { balance: 50_000 });
    const res = await api.call('POST', '/api/slots', { token: user.token, body: row(1) });
    const today = kstToday();
    expect(res.body.data).toMatchObject({
      status: 'active',
      displayStatus: 'active',
      startDate: today,
      endDate: addKstDays(today, 29),
      approved_price: PRICE,
    });
    expect((await countOf(user.token)).cards).toMatchObject({ total: 1, active: 1 });
  });

  it('without the cash system registers for free and leaves no ledger line', async () => {
    await setSetting('useCashSystem', false);
    const user = await newAccount(stack);
    const res = await api.call('POST', '/api/slots', { token: user.token, body: row(1) });
    expect(res.status).toBe(201);
    expect(res.body.data.price).toBe(0);
    expect(await purchases(user.id)).toEqual([]);
  });

  it('is closed in pre-allocation mode', async () => {
    await setSetting('slotOperationMode', 'pre-allocation');
    const user = await newAccount(stack, { balance: 100_000 });
    const res = await api.call('POST', '/api/slots', { token: user.token, body: row(1) });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('선슬롯 운영 모드에서는 슬롯을 직접 등록할 수 없습니다. 발행된 슬롯에 입력해주세요.');
    expect(await balanceOf(user.id)).toBe(100_000);
  });
});

describe('POST /api/slots/bulk', () => {
  it('registers the good rows, names each bad row, skips blank rows and charges once for the created ones', async () => {
    const user = await newAccount(stack, { balance: 1_000_000 });
    const rows = [
      row(1),
      { customFields: { keywords: '', landingUrl: '', mid: '' } },
      { customFields: { keywords: '빈 URL', landingUrl: '' } },
      row(2),
      { customFields: { keywords: '다른 사이트', landingUrl: 'https://naver.com/x' } },
      row(3),
      { customFields: { keywords: '', landingUrl: productUrl(9) } },
    ];
    const res = await api.call('POST', '/api/slots/bulk', { token: user.token, body: { rows } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      succeeded: 3,
      failed: 3,
      skipped: 1,
      charged: 3 * PRICE,
      balanceAfter: 1_000_000 - 3 * PRICE,
      message: '3개 성공, 3개 실패',
      errors: [
        { row: 3, field: 'landingUrl', message: 'URL은 필수 입력 항목입니다.' },
        { row: 5, field: 'landingUrl', message: '쿠팡 URL만 허용됩니다.' },
        { row: 7, field: 'keywords', message: '키워드는 필수 입력 항목입니다.' },
      ],
    });
    expect(await balanceOf(user.id)).toBe(1_000_000 - 3 * PRICE);
    const entries = await purchases(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 3 * PRICE, description: '슬롯 대량 등록 3개' });

    const list = await api.call('GET', '/api/slots?sortBy=slot_number&sortOrder=asc', { token: user.token });
    expect(list.body.data.items.map((s: any) => [s.slot_number, s.keyword, s.status])).toEqual([
      [1, '키워드1', 'pending'],
      [2, '키워드2', 'pending'],
      [3, '키워드3', 'pending'],
    ]);
    expect(list.body.data.items.map((s: any) => s.id)).toEqual(res.body.data.slotIds);
    expect((await countOf(user.token)).byStatus.pending).toBe(3);
  });

  it('reports all rows failed without charging or writing', async () => {
    const user = await newAccount(stack, { balance: 100_000 });
    const res = await api.call('POST', '/api/slots/bulk', {
      token: user.token,
      body: { rows: [{ customFields: { keywords: 'a', landingUrl: 'x' } }] },
    });
    expect(res.body.data).toMatchObject({
      succeeded: 0,
      failed: 1,
      message: '모든 슬롯 등록이 실패했습니다.',
      slotIds: [],
    });
    expect(await balanceOf(user.id)).toBe(100_000);
  });

  it('needs at least one non-blank row', async () => {
    const user = await newAccount(stack, { balance: 100_000 });
    for (const body of [{ rows: [] }, { rows: [{ customFields: { keywords: ' ', landingUrl: '' } }] }, {}]) {
      const res = await api.call('POST', '/api/slots/bulk', { token: user.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('등록할 슬롯 데이터를 입력해주세요.');
    }
  });

  it('creates none when the balance cannot pay for every accepted row', async () => {
    const user = await newAccount(stack, { balance: 120_000 });
    const res = await api.call('POST', '/api/slots/bulk', {
      token: user.token,
      body: { rows: [row(1), row(2), row(3)] },
    });
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('잔액이 부족합니다. 필요 금액: 150,000원, 현재 잔액: 120,000원');
    expect(await balanceOf(user.id)).toBe(120_000);
    expect((await countOf(user.token)).count).toBe(0);
    expect((await api.call('GET', '/api/slots', { token: user.token })).body.data.pagination.total).toBe(0);
  });

  it('names each bad row in the details of the 402 when the balance cannot pay for the good ones', async () => {
    const user = await newAccount(stack, { balance: 60_000 });
    const rows = [
      row(1),
      { customFields: { keywords: '다른 사이트', landingUrl: 'https://naver.com/x' } },
      row(2),
      { customFields: { keywords: '', landingUrl: '' } },
      { customFields: { keywords: '', landingUrl: productUrl(9) } },
    ];
    const res = await api.call('POST', '/api/slots/bulk', { token: user.token, body: { rows } });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_BALANCE',
      error: '잔액이 부족합니다. 필요 금액: 100,000원, 현재 잔액: 60,000원',
      details: {
        required: 100_000,
        balance: 60_000,
        succeeded: 0,
        failed: 2,
        skipped: 1,
        errors: [
          { row: 2, field: 'landingUrl', message: '쿠팡 URL만 허용됩니다.' },
          { row: 5, field: 'keywords', message: '키워드는 필수 입력 항목입니다.' },
        ],
      },
    });
    expect(await balanceOf(user.id)).toBe(60_000);
    expect(await purchases(user.id)).toEqual([]);
    expect((await countOf(user.token)).count).toBe(0);
  });

  it('creates none when the rows would pass maxSlotsPerUser', async () => {
    await setSetting('maxSlotsPerUser', 3);
    const user = await newAccount(stack, { balance: 1_000_000 });
    await api.call('POST', '/api/slots', { token: user.token, body: row(0) });
    const res = await api.call('POST', '/api/slots/bulk', {
      token: user.token,
      body: { rows: [row(1), row(2), row(3)] },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('슬롯은 사용자당 최대 3개까지 보유할 수 있습니다. (현재 1개)');
    expect(await balanceOf(user.id)).toBe(1_000_000 - PRICE);
    expect((await countOf(user.token)).count).toBe(1);
    // The refusal still names the bad rows.
    const mixed = await api.call('POST', '/api/slots/bulk', {
      token: user.token,
      body: { rows: [row(1), { customFields: { keywords: 'x', landingUrl: 'x' } }, row(2), row(3)] },
    });
    expect(mixed.status).toBe(409);
    expect(mixed.body.details).toMatchObject({
      max: 3,
      held: 1,
      adding: 3,
      succeeded: 0,
      failed: 1,
      errors: [{ row: 2, field: 'landingUrl' }],
    });
  });

  it('registers more rows than one transaction holds, numbered in row order, charged in one ledger entry', async () => {
    await setSetting('maxSlotsPerUser', 1000);
    const user = await newAccount(stack, { balance: 250 * PRICE });
    await api.call('POST', '/api/slots', { token: user.token, body: row(0) });
    const rows = Array.from({ length: 240 }, (_, i) => row(i + 1));
    const res = await api.call('POST', '/api/slots/bulk', { token: user.token, body: { rows } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      succeeded: 240,
      failed: 0,
      message: '240개 슬롯이 성공적으로 등록되었습니다.',
    });
    expect(await balanceOf(user.id)).toBe(250 * PRICE - 241 * PRICE);
    expect(await purchases(user.id)).toHaveLength(2);

    const slots = await slotsStore.getMany(res.body.data.slotIds);
    expect(slots.map((s) => s.slot_number)).toEqual(Array.from({ length: 240 }, (_, i) => i + 2));
    expect(new Set(slots.map((s) => `${s.bulkId}${s.bulkAttempt}`))).toEqual(
      new Set([res.body.data.slotIds[0].slice(0, -4)]),
    );
    expect(slots[239].keyword).toBe('키워드240');
    expect((await countOf(user.token)).count).toBe(241);
  });

  it('a retry with the same Idempotency-Key replays the answer: no second charge, no duplicate slots', async () => {
    const user = await newAccount(stack, { balance: 500_000 });
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const body = { rows: [row(1), row(2), { customFields: { keywords: 'x', landingUrl: 'y' } }] };
    const [a, b] = await Promise.all([
      api.call('POST', '/api/slots/bulk', { token: user.token, body, headers }),
      api.call('POST', '/api/slots/bulk', { token: user.token, body, headers }),
    ]);
    const c = await api.call('POST', '/api/slots/bulk', { token: user.token, body, headers });
    for (const r of [a, b, c]) {
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ succeeded: 2, failed: 1, charged: 2 * PRICE });
      expect(r.body.data.slotIds).toEqual(a.body.data.slotIds);
    }
    expect(await balanceOf(user.id)).toBe(500_000 - 2 * PRICE);
    expect(await purchases(user.id)).toHaveLength(1);
    expect((await countOf(user.token)).count).toBe(2);

    const other = await api.call('POST', '/api/slots/bulk', { token: user.token, body: { rows: [row(7)] }, headers });
    expect(other.status).toBe(422);
    expect(await balanceOf(user.id)).toBe(500_000 - 2 * PRICE);
  });

  it('twin requests with one key but different rows: only the rows that were paid for ever exist', async () => {
    const user = await newAccount(stack, { balance: 5_000_000 });
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const many = { rows: Array.from({ length: 20 }, (_, i) => row(i + 1)) };
    const one = { rows: [row(99)] };
    const answers = await Promise.all([
      api.call('POST', '/api/slots/bulk', { token: user.token, body: many, headers }),
      api.call('POST', '/api/slots/bulk', { token: user.token, body: one, headers }),
    ]);
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    // The key binds to whichever arrived first; the other is refused before it writes a row.
    expect(answers.find((r) => r.status !== 200)!.status).toBe(422);

    // Whatever the order, the list, the counters and the money agree: every visible slot was paid.
    const paid = (5_000_000 - (await balanceOf(user.id))) / PRICE;
    const listed = (await api.call('GET', '/api/slots?limit=100', { token: user.token })).body.data.items;
    expect(listed).toHaveLength(won[0].body.data.succeeded);
    expect(listed).toHaveLength(paid);
    expect((await countOf(user.token)).count).toBe(paid);
    expect(listed.map((s: { id: string }) => s.id).sort()).toEqual([...won[0].body.data.slotIds].sort());
    // The loser's rows can't be reached by id either.
    for (const id of listed.map((s: { id: string }) => s.id))
      expect((await api.call('GET', `/api/slots/${id}`, { token: user.token })).status).toBe(200);
  });

  it('shows the rows of a bulk exactly when its bulk record (the commit) exists', async () => {
    const user = await newAccount(stack, { balance: 500_000 });
    const ok = await api.call('POST', '/api/slots/bulk', { token: user.token, body: { rows: [row(1)] } });
    const template = (await slotsStore.get(ok.body.data.slotIds[0]))!;
    // Rows written by a bulk whose charge never committed (a crash, or a failed transaction).
    const bulkId = 'BUNCOMMITTED0000000000';
    const attempt = 'ATTEMPT1';
    const rows = [0, 1].map((i) => ({
      ...template,
      id: `${bulkId}${attempt}000${i}`,
      bulkId,
      bulkAttempt: attempt,
      bulkIndex: i,
      slot_number: 7 + i,
      keyword: `고아${i}`,
    }));
    // A twin attempt under the same bulk id that will not be the one committing.
    const twin = {
      ...template,
      id: `${bulkId}ATTEMPT20000`,
      bulkId,
      bulkAttempt: 'ATTEMPT2',
      bulkIndex: 0,
      slot_number: 9,
      keyword: '쌍둥이',
    };
    await slotsStore.putBulkSlots([...rows, twin]);
    const visible = async () =>
      (await api.call('GET', '/api/slots', { token: user.token })).body.data.items.map((s: any) => s.keyword);
    expect(await visible()).toEqual(['키워드1']);
    expect((await api.call('GET', `/api/slots/${rows[0].id}`, { token: user.token })).status).toBe(404);
    expect(
      (await api.call('PATCH', `/api/slots/${rows[0].id}/status`, { token: user.token, body: { status: 'paused' } }))
        .status,
    ).toBe(404);

    // The commit: the record the charge's transaction writes.
    await transact([
      slotBulksStore.put({
        bulkId,
        attempt,
        userId: user.id,
        count: 2,
        seqStart: 7,
        rowsHash: 'x',
        result: {},
        createdAt: template.createdAt,
      }),
    ]);
    expect((await visible()).sort()).toEqual(['고아0', '고아1', '키워드1']);
    expect((await api.call('GET', `/api/slots/${twin.id}`, { token: user.token })).status).toBe(404);
    expect((await api.call('GET', `/api/slots/${rows[1].id}`, { token: user.token })).body.data.slot_number).toBe(8);
  });

  it('the nightly job deletes rows of a bulk that never committed, once they are an hour old', async () => {
    const user = await newAccount(stack, { balance: 500_000 });
    const ok = await api.call('POST', '/api/slots/bulk', { token: user.token, body: { rows: [row(1)] } });
    const template = (await slotsStore.get(ok.body.data.slotIds[0]))!;
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    const orphan = (bulkId: string, createdAt: string) => ({
      ...template,
      id: `${bulkId}0000`,
      bulkId,
      bulkIndex: 0,
      createdAt,
    });
    const stale = orphan('BSTALE00000000000000000', twoHoursAgo);
    const fresh = orphan('BFRESH00000000000000000', new Date().toISOString());
    // A twin attempt under the committed bulk's own id: it lost, so it goes too.
    const loser = {
      ...template,
      id: `${template.bulkId}LOSER0000000`,
      bulkAttempt: 'LOSER000',
      createdAt: twoHoursAgo,
    };
    await slotsStore.putBulkSlots([stale, fresh, loser]);
    // The committed bulk's own row is older than the grace period too: it must stay.
    const committedOld = { ...template, createdAt: twoHoursAgo };
    await slotsStore.putBulkSlots([committedOld]);

    const job = await runSlotStatusJob();
    expect(job.sweptBulkRows).toBeGreaterThanOrEqual(2);
    expect(await slotsStore.get(stale.id)).toBeUndefined();
    expect(await slotsStore.get(loser.id)).toBeUndefined();
    expect(await slotsStore.get(fresh.id)).toBeDefined();
    expect(await slotsStore.get(template.id)).toBeDefined();
    // Nothing the user sees moved: one slot, paid once.
    expect((await countOf(user.token)).count).toBe(1);
    expect((await api.call('GET', '/api/slots', { token: user.token })).body.data.items).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(500_000 - PRICE);
  });
});
