import '../support/quiet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/storage/client';
import { addKstDays, kstToday } from '../../shared/kst';
import { defaultSettings, type SettingKey } from '../../shared/settings';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, row } from '../support/slots';

/**
 * System settings writes end to end (the PUT routes, bad input, history and revert), on the
 * real local stack. Every behaviour switch is changed THROUGH the new PUT route and then observed on
 * the route it governs: that also proves a write clears the 10 s settings cache of this process.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
type Account = { id: string; email: string; token: string };
let user: Account;
let operator: Account;
let developer: Account;

const put = (token: string, settings: Array<{ key: string; value: unknown; category?: string }>) =>
  api.call('PUT', '/api/system-settings', { token, body: { settings } });
const putKey = (token: string, key: string, value: unknown) =>
  api.call('PUT', `/api/system-settings/key/${key}`, { token, body: { value } });
const valueOf = async (key: string) => (await api.call('GET', `/api/system-settings/key/${key}`)).body.data.value;
const history = async (query = '') =>
  (await api.call('GET', `/api/system-settings/history${query}`, { token: developer.token })).body.data;

/** Every stored setting and history item, straight from the table. */
async function settingsItems() {
  const read = async (pk: string) =>
    (
      await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
        }),
      )
    ).Items ?? [];
  return JSON.stringify([await read('SETTINGS'), await read('SETTINGHIST')]);
}

/** Settings these tests change, put back to their defaults (through the API) after each test. */
const touched: SettingKey[] = [
  'maintenanceMode',
  'useCashSystem',
  'cashAutoApproval',
  'slotAutoApproval',
  'maxSlotsPerUser',
  'slotOperationMode',
  'registrationEnabled',
  'defaultSlotPrice',
  'defaultSlotAllocation',
  'siteName',
  'globalTheme',
  'minCashCharge',
  'maxCashCharge',
  'slotDurationDays',
  'rankDelayHours',
  'featureRanking',
  'chatMaxMessages',
];

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  user = await newAccount(stack, { balance: 1_000_000, name: '광고주' });
  operator = await newAccount(stack, { role: 'operator', name: '김운영' });
  developer = await newAccount(stack, { role: 'developer', name: '박개발' });
});
afterAll(() => stack?.stop());
afterEach(async () => {
  const defaults = defaultSettings();
  const res = await put(
    developer.token,
    touched.map((key) => ({ key, value: defaults[key] })),
  );
  expect(res.status).toBe(200);
});

describe('PUT /api/system-settings', () => {
  it('lets an operator change several settings at once; every reader sees them at once', async () => {
    const res = await put(operator.token, [
      { key: 'defaultSlotPrice', value: 30000, category: 'business' },
      { key: 'siteName', value: '우리 광고', category: 'theme' },
      { key: 'slotAutoApproval', value: 'true' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data.business).toMatchObject({ defaultSlotPrice: 30000, slotAutoApproval: true });
    expect(res.body.data.theme.siteName).toBe('우리 광고');
    const all = (await api.call('GET', '/api/system-settings')).body.data;
    expect(all.business.defaultSlotPrice).toBe(30000);
    expect(all.theme.siteName).toBe('우리 광고');
    expect(await valueOf('slotAutoApproval')).toBe(true);
  });

  it('refuses a user with the Korean text and an anonymous caller with 401; nothing is written', async () => {
    const before = await settingsItems();
    const asUser = await put(user.token, [{ key: 'siteName', value: '해킹' }]);
    expect(asUser.status).toBe(403);
    expect(asUser.body).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
      error: '관리자만 설정을 변경할 수 있습니다.',
    });
    expect((await putKey(user.token, 'siteName', '해킹')).body.error).toBe('관리자만 설정을 변경할 수 있습니다.');
    expect((await put('', [{ key: 'siteName', value: '해킹' }])).status).toBe(401);
    expect(await settingsItems()).toBe(before);
  });

  it.each([
    ['defaultSlotAllocation', 101, "'defaultSlotAllocation' 값이 올바르지 않습니다: 1~100 사이의 정수여야 합니다."],
    ['defaultSlotAllocation', 0, "'defaultSlotAllocation' 값이 올바르지 않습니다: 1~100 사이의 정수여야 합니다."],
    ['defaultSlotAllocation', 2.5, "'defaultSlotAllocation' 값이 올바르지 않습니다: 1~100 사이의 정수여야 합니다."],
    ['defaultSlotPrice', true, "'defaultSlotPrice' 값이 올바르지 않습니다: 0~100,000,000 사이의 정수여야 합니다."],
    ['defaultSlotPrice', '', "'defaultSlotPrice' 값이 올바르지 않습니다: 0~100,000,000 사이의 정수여야 합니다."],
    ['defaultSlotPrice', '만원', "'defaultSlotPrice' 값이 올바르지 않습니다: 0~100,000,000 사이의 정수여야 합니다."],
    ['maintenanceMode', 'yes', "'maintenanceMode' 값이 올바르지 않습니다: true 또는 false여야 합니다."],
    ['useCashSystem', 1, "'useCashSystem' 값이 올바르지 않습니다: true 또는 false여야 합니다."],
    [
      'slotOperationMode',
      'auto',
      "'slotOperationMode' 값이 올바르지 않습니다: normal, pre-allocation 중 하나여야 합니다.",
    ],
    ['globalTheme', 'classic', "'globalTheme' 값이 올바르지 않습니다: simple, modern, luxury 중 하나여야 합니다."],
    ['siteName', '', "'siteName' 값이 올바르지 않습니다: 1~50자의 문자열이어야 합니다."],
    ['siteName', 123, "'siteName' 값이 올바르지 않습니다: 1~50자의 문자열이어야 합니다."],
    [
      'notificationDuration',
      500,
      "'notificationDuration' 값이 올바르지 않습니다: 1,000~30,000 사이의 정수여야 합니다.",
    ],
    ['nonsense', 1, "'nonsense'은(는) 알 수 없는 설정입니다."],
  ])('refuses %s = %j with 400 naming the key, and writes nothing', async (key, value, message) => {
    const before = await settingsItems();
    const res = await put(operator.token, [{ key, value }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', error: message, details: [{ key, message }] });
    expect(await settingsItems()).toBe(before);
  });

  it('is all or nothing: one bad entry among good ones writes none of them, and every bad key is named', async () => {
    const before = await settingsItems();
    const res = await put(operator.token, [
      { key: 'defaultSlotPrice', value: 20000 },
      { key: 'defaultSlotAllocation', value: 500 },
      { key: 'siteName', value: '바뀌면 안 됨' },
      { key: 'cashChargeMode', value: 'popup' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("'defaultSlotAllocation' 값이 올바르지 않습니다: 1~100 사이의 정수여야 합니다.");
    expect(res.body.details.map((d: { key: string }) => d.key)).toEqual(['defaultSlotAllocation', 'cashChargeMode']);
    expect(await settingsItems()).toBe(before);
    expect(await valueOf('defaultSlotPrice')).toBe(50000);
    expect(await valueOf('siteName')).toBe(defaultSettings().siteName);
  });

  it('refuses a category that is not the key’s, the same key twice, an empty list and a minimum charge above the maximum', async () => {
    const before = await settingsItems();
    const wrongCategory = await put(operator.token, [{ key: 'siteName', value: '새 이름', category: 'business' }]);
    expect(wrongCategory.status).toBe(400);
    expect(wrongCategory.body.error).toBe("'siteName' 값이 올바르지 않습니다: 이 설정의 분류는 theme입니다.");
    const noCategory = await put(operator.token, [{ key: 'globalTheme', value: 'modern', category: 'colors' }]);
    expect(noCategory.body).toMatchObject({
      error: "'globalTheme' 값이 올바르지 않습니다: 이 설정의 분류는 theme입니다.",
      details: [{ key: 'globalTheme' }],
    });
    const twice = await put(operator.token, [
      { key: 'siteName', value: '하나' },
      { key: 'siteName', value: '둘' },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe("'siteName' 설정이 한 요청에 두 번 들어 있습니다.");
    const empty = await put(operator.token, []);
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('변경할 설정을 하나 이상 보내주세요.');
    const range = await put(operator.token, [{ key: 'minCashCharge', value: 2_000_000 }]);
    expect(range.status).toBe(400);
    expect(range.body).toMatchObject({
      error: "'minCashCharge' 값이 올바르지 않습니다: 최소 충전 금액은 최대 충전 금액보다 클 수 없습니다.",
      details: [{ key: 'minCashCharge' }],
    });
    expect(await settingsItems()).toBe(before);
    // Both ends moved together are fine.
    expect(
      (
        await put(operator.token, [
          { key: 'minCashCharge', value: 2_000_000 },
          { key: 'maxCashCharge', value: 5_000_000 },
        ])
      ).status,
    ).toBe(200);
  });
});

describe('two admins saving at once', () => {
  it('never logs a wrong old value: the history of a key stays one unbroken chain', async () => {
    const prices = [11_000, 12_000, 13_000, 14_000, 15_000, 16_000];
    const answers = await Promise.all(
      prices.map((price, i) => putKey(i % 2 ? operator.token : developer.token, 'defaultSlotPrice', price)),
    );
    for (const res of answers) expect([200, 409, 429]).toContain(res.status);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    const chain = [...(await history('?key=defaultSlotPrice&limit=200')).items].reverse();
    const recent = chain.filter((c: { newValue: number }) => prices.includes(c.newValue));
    expect(recent.length).toBe(answers.filter((r) => r.status === 200).length);
    for (let i = 1; i < chain.length; i++) expect(chain[i].oldValue).toBe(chain[i - 1].newValue);
    expect(await valueOf('defaultSlotPrice')).toBe(chain.at(-1).newValue);
  });
});

describe('PUT /api/system-settings/key/{key}', () => {
  it('changes one setting and answers { key, value, category }', async () => {
    const res = await putKey(developer.token, 'defaultSlotAllocation', '25');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ key: 'defaultSlotAllocation', value: 25, category: 'business' });
    expect((await api.call('GET', '/api/system-settings/category/business')).body.data.defaultSlotAllocation).toBe(25);
  });

  it('answers 404 for an unknown key and 400 naming the key for a bad value', async () => {
    const unknown = await putKey(operator.token, 'noSuchSetting', true);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', error: "'noSuchSetting'은(는) 알 수 없는 설정입니다." });
    const bad = await putKey(operator.token, 'maxSlotsPerUser', -1);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION',
      error: "'maxSlotsPerUser' 값이 올바르지 않습니다: 0~1,000,000 사이의 정수여야 합니다.",
      details: [{ key: 'maxSlotsPerUser' }],
    });
  });
});

describe('settings change history and revert (developer)', () => {
  it('logs who changed what, old → new, newest first; a write that changes nothing logs nothing', async () => {
    const start = (await history('?limit=200')).pagination.total as number;
    await putKey(operator.token, 'siteName', '첫 이름');
    await put(developer.token, [
      { key: 'siteName', value: '둘째 이름' },
      { key: 'globalTheme', value: 'luxury' },
    ]);
    // Same values again: no entries.
    await put(developer.token, [
      { key: 'siteName', value: '둘째 이름' },
      { key: 'globalTheme', value: 'luxury' },
    ]);
    await putKey(operator.token, 'siteName', '둘째 이름');

    const page = await history('?limit=200');
    expect(page.pagination.total).toBe(start + 3);
    const [newest, second, third] = page.items;
    expect([newest.key, second.key].sort()).toEqual(['globalTheme', 'siteName']);
    const siteNameChange = [newest, second].find((c: { key: string }) => c.key === 'siteName');
    expect(siteNameChange).toMatchObject({
      key: 'siteName',
      category: 'theme',
      oldValue: '첫 이름',
      newValue: '둘째 이름',
      changedBy: { id: developer.id, name: '박개발' },
      revertOf: null,
    });
    expect(third).toMatchObject({
      key: 'siteName',
      oldValue: defaultSettings().siteName,
      newValue: '첫 이름',
      changedBy: { id: operator.id, name: '김운영' },
    });
    expect(Date.parse(third.changedAt)).toBeLessThanOrEqual(Date.parse(newest.changedAt));

    const onlyTheme = await history('?key=globalTheme&limit=10');
    expect(onlyTheme.items.every((c: { key: string }) => c.key === 'globalTheme')).toBe(true);
    expect(onlyTheme.items[0]).toMatchObject({ oldValue: 'simple', newValue: 'luxury' });

    const paged = await history('?page=2&limit=10');
    expect(paged.pagination).toMatchObject({ page: 2, limit: 10, total: start + 3 });
  });

  it('reverts one change with one call: the old value comes back as a new logged change naming the one it undid', async () => {
    await putKey(operator.token, 'defaultSlotPrice', 70000);
    const change = (await history('?key=defaultSlotPrice&limit=10')).items[0];
    expect(change).toMatchObject({ oldValue: 50000, newValue: 70000 });

    const res = await api.call('POST', `/api/system-settings/history/${change.id}/revert`, { token: developer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ key: 'defaultSlotPrice', value: 50000, category: 'business' });
    expect(await valueOf('defaultSlotPrice')).toBe(50000);
    const revert = (await history('?key=defaultSlotPrice&limit=10')).items[0];
    expect(revert).toMatchObject({
      oldValue: 70000,
      newValue: 50000,
      revertOf: change.id,
      changedBy: { id: developer.id },
    });

    // Already at that value: nothing to undo, nothing logged.
    const total = (await history('?limit=200')).pagination.total;
    expect(
      (await api.call('POST', `/api/system-settings/history/${change.id}/revert`, { token: developer.token })).status,
    ).toBe(200);
    expect((await history('?limit=200')).pagination.total).toBe(total);
  });

  it('keeps the history and revert to developers; an unknown change is a 404', async () => {
    const asOperator = await api.call('GET', '/api/system-settings/history', { token: operator.token });
    expect(asOperator.status).toBe(403);
    expect(asOperator.body.error).toBe('개발자만 사용할 수 있습니다.');
    await putKey(operator.token, 'defaultSlotPrice', 60000);
    const change = (await history('?key=defaultSlotPrice&limit=10')).items[0];
    const before = await settingsItems();
    expect(
      (await api.call('POST', `/api/system-settings/history/${change.id}/revert`, { token: operator.token })).status,
    ).toBe(403);
    expect(
      (await api.call('POST', `/api/system-settings/history/${change.id}/revert`, { token: user.token })).status,
    ).toBe(403);
    expect(await settingsItems()).toBe(before);
    const unknown = await api.call('POST', '/api/system-settings/history/01JUNKNOWN/revert', {
      token: developer.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('설정 변경 내역을 찾을 수 없습니다.');
  });
});

describe('maintenance mode', () => {
  it('refuses a user’s writes (503, Korean) while reads, sign-in and staff work go on; off again, the user writes', async () => {
    expect((await putKey(operator.token, 'maintenanceMode', true)).status).toBe(200);

    const write = await api.call('POST', '/api/cash/charge-requests', {
      token: user.token,
      body: { amount: 10_000, depositAt: '2025-03-01T10:00', accountHolder: '홍길동' },
    });
    expect(write.status).toBe(503);
    expect(write.body).toEqual({
      success: false,
      code: 'MAINTENANCE',
      error: '현재 시스템 점검 중입니다. 잠시 후 다시 시도해주세요.',
    });
    expect((await api.call('POST', '/api/slots', { token: user.token, body: row(1) })).status).toBe(503);
    expect(
      (await api.call('PUT', '/api/auth/profile', { token: user.token, body: { fullName: '새이름' } })).status,
    ).toBe(503);
    // Nobody new signs up during maintenance.
    expect(
      (
        await api.call('POST', '/api/auth/register', {
          body: { email: 'newbie1', password: 'secret12', fullName: '신규' },
        })
      ).status,
    ).toBe(503);

    expect((await api.call('GET', '/api/cash/balance', { token: user.token })).status).toBe(200);
    expect((await api.call('GET', '/api/slots', { token: user.token })).status).toBe(200);
    expect((await api.call('GET', '/api/system-settings')).body.data.business.maintenanceMode).toBe(true);
    const signIn = await api.call('POST', '/api/auth/login', { body: { email: user.email, password: 'secret12' } });
    expect(signIn.status).toBe(200);

    // Staff keep working, including a developer signed in the usual way.
    expect((await putKey(operator.token, 'siteName', '점검 중 이름')).status).toBe(200);
    const dev = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
    expect((await putKey(dev.token, 'siteName', '개발자 이름')).status).toBe(200);
    // A developer switched into the user's account is still a developer at work.
    const switched = await api.call('POST', '/api/auth/switch-user', {
      token: dev.token,
      body: { targetUserId: user.id },
    });
    expect(switched.status).toBe(200);
    const asUser = await api.call('PUT', '/api/auth/profile', {
      token: switched.body.data.tokens.accessToken,
      body: { fullName: '광고주' },
    });
    expect(asUser.status).toBe(200);

    expect((await putKey(developer.token, 'maintenanceMode', false)).status).toBe(200);
    expect(
      (
        await api.call('POST', '/api/cash/charge-requests', {
          token: user.token,
          body: { amount: 10_000, depositAt: '2025-03-01T10:00', accountHolder: '홍길동' },
        })
      ).status,
    ).toBe(201);
  });
});

describe('behaviour switches, changed through PUT and observed where they apply', () => {
  it('useCashSystem off closes the cash routes (409) and makes registration free', async () => {
    const advertiser = await newAccount(stack, { balance: 100_000 });
    expect((await putKey(operator.token, 'useCashSystem', false)).status).toBe(200);
    const balance = await api.call('GET', '/api/cash/balance', { token: advertiser.token });
    expect(balance.status).toBe(409);
    expect(balance.body.error).toBe('캐시 시스템이 비활성화되어 있습니다.');
    const slot = await api.call('POST', '/api/slots', { token: advertiser.token, body: row(2) });
    expect(slot.status).toBe(201);
    await putKey(operator.token, 'useCashSystem', true);
    expect((await api.call('GET', '/api/cash/balance', { token: advertiser.token })).body.data.amount).toBe(100_000);
  });

  it('defaultSlotPrice sets what a registration costs', async () => {
    const advertiser = await newAccount(stack, { balance: 100_000 });
    await putKey(operator.token, 'defaultSlotPrice', 12_340);
    expect((await api.call('POST', '/api/slots', { token: advertiser.token, body: row(3) })).status).toBe(201);
    expect((await api.call('GET', '/api/cash/balance', { token: advertiser.token })).body.data.amount).toBe(
      100_000 - 12_340,
    );
  });

  it('cashAutoApproval on approves a charge request at once', async () => {
    const advertiser = await newAccount(stack);
    await putKey(operator.token, 'cashAutoApproval', true);
    const res = await api.call('POST', '/api/cash/charge-requests', {
      token: advertiser.token,
      body: { amount: 20_000, depositAt: '2025-03-01T10:00', accountHolder: '홍길동' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('approved');
    expect((await api.call('GET', '/api/cash/balance', { token: advertiser.token })).body.data.amount).toBe(20_000);
  });

  it('slotAutoApproval on registers slots active; off, pending', async () => {
    const advertiser = await newAccount(stack, { balance: 200_000 });
    await putKey(operator.token, 'slotAutoApproval', true);
    expect((await api.call('POST', '/api/slots', { token: advertiser.token, body: row(4) })).body.data.status).toBe(
      'active',
    );
    await putKey(operator.token, 'slotAutoApproval', false);
    expect((await api.call('POST', '/api/slots', { token: advertiser.token, body: row(5) })).body.data.status).toBe(
      'pending',
    );
  });

  it('maxSlotsPerUser caps how many slots a user holds', async () => {
    const advertiser = await newAccount(stack, { balance: 500_000 });
    await putKey(operator.token, 'maxSlotsPerUser', 1);
    expect((await api.call('POST', '/api/slots', { token: advertiser.token, body: row(6) })).status).toBe(201);
    const second = await api.call('POST', '/api/slots', { token: advertiser.token, body: row(7) });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('슬롯은 사용자당 최대 1개까지 보유할 수 있습니다. (현재 1개)');
  });

  it('slotOperationMode pre-allocation stops direct registration and opens issuance', async () => {
    const advertiser = await newAccount(stack, { balance: 100_000 });
    await putKey(operator.token, 'slotOperationMode', 'pre-allocation');
    const res = await api.call('POST', '/api/slots', { token: advertiser.token, body: row(8) });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('선슬롯 운영 모드에서는 슬롯을 직접 등록할 수 없습니다. 발행된 슬롯에 입력해주세요.');
    await putKey(operator.token, 'slotOperationMode', 'normal');
    expect((await api.call('POST', '/api/slots', { token: advertiser.token, body: row(8) })).status).toBe(201);
  });

  it('minCashCharge and maxCashCharge bound a charge request', async () => {
    const advertiser = await newAccount(stack);
    await put(operator.token, [
      { key: 'minCashCharge', value: 50_000 },
      { key: 'maxCashCharge', value: 60_000 },
    ]);
    const small = await api.call('POST', '/api/cash/charge-requests', {
      token: advertiser.token,
      body: { amount: 10_000, depositAt: '2025-03-01T10:00', accountHolder: '홍길동' },
    });
    expect(small.status).toBe(400);
    expect(small.body.error).toBe('충전 금액은 50,000원 이상 60,000원 이하로 입력해주세요.');
    const fits = await api.call('POST', '/api/cash/charge-requests', {
      token: advertiser.token,
      body: { amount: 55_000, depositAt: '2025-03-01T10:00', accountHolder: '홍길동' },
    });
    expect(fits.status).toBe(201);
  });

  it('slotDurationDays sets how many days an approved slot runs (end inclusive)', async () => {
    const advertiser = await newAccount(stack, { balance: 100_000 });
    await put(operator.token, [
      { key: 'slotAutoApproval', value: true },
      { key: 'slotDurationDays', value: 7 },
    ]);
    const res = await api.call('POST', '/api/slots', { token: advertiser.token, body: row(9) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'active',
      startDate: kstToday(),
      endDate: addKstDays(kstToday(), 6),
    });
  });

  it('rankDelayHours: 36 hours until changed, 1~720 whole hours, anything else refused in Korean with nothing written', async () => {
    const read = async () => (await api.call('GET', '/api/system-settings')).body.data.business.rankDelayHours;
    expect(await read()).toBe(36);
    const before = await settingsItems();
    for (const value of [0, 721, 1.5, '하루']) {
      const res = await put(developer.token, [{ key: 'rankDelayHours', value }]);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("'rankDelayHours' 값이 올바르지 않습니다: 1~720 사이의 정수여야 합니다.");
    }
    expect(await settingsItems()).toBe(before);
    expect((await put(developer.token, [{ key: 'rankDelayHours', value: '48' }])).status).toBe(200);
    expect(await read()).toBe(48);
  });

  it('featureRanking off closes the ranking pages’ data with the product text', async () => {
    const advertiser = await newAccount(stack);
    expect((await api.call('GET', '/api/ranking/keywords', { token: advertiser.token })).status).toBe(200);
    await putKey(operator.token, 'featureRanking', false);
    const res = await api.call('GET', '/api/ranking/keywords', { token: advertiser.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('성과 랭킹 기능이 꺼져 있습니다.');
  });

  it('chatMaxMessages caps every page of a conversation to the newest N', async () => {
    const advertiser = await newAccount(stack, { name: '채팅광고' });
    await putKey(operator.token, 'chatEnabled', true); // the afterEach puts the default (off) back
    const first = await api.call('POST', '/api/chat/messages', { token: advertiser.token, body: { content: 'm1' } });
    const roomId = first.body.data.room.id;
    for (let i = 2; i <= 5; i++)
      await api.call('POST', `/api/chat/rooms/${roomId}/messages`, {
        token: i % 2 ? advertiser.token : operator.token,
        body: { content: `m${i}` },
      });
    const page = async (who: Account, query = '') =>
      (await api.call('GET', `/api/chat/rooms/${roomId}/messages${query}`, { token: who.token })).body.data;
    expect((await page(advertiser)).items).toHaveLength(5);
    await putKey(operator.token, 'chatMaxMessages', 3);
    for (const who of [advertiser, operator]) {
      const capped = await page(who, '?limit=50');
      expect(capped.items.map((m: { content: string }) => m.content)).toEqual(['m3', 'm4', 'm5']);
      expect(capped.hasMore).toBe(true);
    }
    expect((await page(advertiser)).items).toHaveLength(3);
  });

  it('registrationEnabled off closes sign-up with the product text', async () => {
    await putKey(operator.token, 'registrationEnabled', false);
    const res = await api.call('POST', '/api/auth/register', {
      body: { email: 'newbie2', password: 'secret12', fullName: '신규' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('현재 회원가입이 중지되어 있습니다.');
    await putKey(operator.token, 'registrationEnabled', true);
    expect(
      (
        await api.call('POST', '/api/auth/register', {
          body: { email: 'newbie2', password: 'secret12', fullName: '신규' },
        })
      ).status,
    ).toBe(200);
  });
});
