import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { defaultSettings } from '../../shared/settings';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';

/**
 * Deposit and business details on the real local stack: the business deposit account settings, and the user record's
 * bank and business details, edited by the advertiser (own profile) and by an operator (customer view).
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
type Account = { id: string; email: string; token: string };
let operator: Account;
let developer: Account;

const bank = { bankName: '국민은행', accountNumber: '123-456-789012', accountHolder: '홍길동' };
const business = { businessName: '홍길동상회', businessNumber: '1234567890', representative: '홍길동' };
const userItem = async (id: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(id), ConsistentRead: true }))).Item;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  operator = await newAccount(stack, { role: 'operator', name: '김운영' });
  developer = await newAccount(stack, { role: 'developer', name: '박개발' });
});
afterAll(async () => {
  if (developer) {
    const d = defaultSettings();
    await api.call('PUT', '/api/system-settings', {
      token: developer.token,
      body: {
        settings: (['depositBankName', 'depositAccountNumber', 'depositAccountHolder'] as const).map((key) => ({
          key,
          value: d[key],
        })),
      },
    });
  }
  await stack?.stop();
});

describe('deposit account settings', () => {
  it('an operator sets the bank, number and holder; anyone reads them; a bad number is refused in Korean', async () => {
    const bad = await api.call('PUT', '/api/system-settings', {
      token: operator.token,
      body: {
        settings: [
          { key: 'depositBankName', value: '신한은행' },
          { key: 'depositAccountNumber', value: '110-abc' },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(
      "'depositAccountNumber' 값이 올바르지 않습니다: 비워 두거나 숫자와 하이픈(-)으로 된 계좌번호여야 합니다.",
    );
    // all or nothing: the valid bank name of the same request is not written either
    expect((await api.call('GET', '/api/system-settings/key/depositBankName')).body.data.value).toBe('');

    const ok = await api.call('PUT', '/api/system-settings', {
      token: operator.token,
      body: {
        settings: [
          { key: 'depositBankName', value: '신한은행', category: 'business' },
          { key: 'depositAccountNumber', value: '110-123-456789' },
          { key: 'depositAccountHolder', value: '(주)심플슬롯' },
        ],
      },
    });
    expect(ok.status).toBe(200);
    const all = (await api.call('GET', '/api/system-settings')).body.data;
    expect(all.business).toMatchObject({
      depositBankName: '신한은행',
      depositAccountNumber: '110-123-456789',
      depositAccountHolder: '(주)심플슬롯',
    });
  });
});

describe('the user record’s bank and business details', () => {
  it('an advertiser reads blank details, saves their own, and the operator sees them on the customer', async () => {
    const advertiser = await newAccount(stack, { name: '광고주가' });
    const blank = await api.call('GET', '/api/auth/profile/details', { token: advertiser.token });
    expect(blank.status).toBe(200);
    expect(blank.body.data.bankInfo).toEqual({ bankName: '', accountNumber: '', accountHolder: '' });

    const saved = await api.call('PUT', '/api/auth/profile/details', {
      token: advertiser.token,
      body: { bankInfo: bank, business },
    });
    expect(saved.status).toBe(200);
    // the business number is kept in its printed form
    expect(saved.body.data.business.businessNumber).toBe('123-45-67890');

    const seen = await api.call('GET', `/api/users/${advertiser.id}`, { token: operator.token });
    expect(seen.body.data).toMatchObject({ bankInfo: bank, business: { businessNumber: '123-45-67890' } });
    const logs = (await api.call('GET', `/api/users/${advertiser.id}/logs`, { token: operator.token })).body.data;
    expect(logs[0].changes).toContainEqual({ field: 'bankInfo.accountNumber', old: '', new: bank.accountNumber });
  });

  it('refuses bad details in Korean and writes nothing', async () => {
    const advertiser = await newAccount(stack);
    const before = await userItem(advertiser.id);
    const cases: Array<[unknown, string]> = [
      [
        { bankInfo: { ...bank, accountHolder: '' }, business: {} },
        '은행명, 계좌번호, 예금주를 모두 입력하거나 모두 비워주세요.',
      ],
      [
        { bankInfo: { ...bank, accountNumber: '12a45' }, business: {} },
        '계좌번호는 숫자와 하이픈(-)만 사용해 30자 이하로 입력해주세요.',
      ],
      [
        { bankInfo: {}, business: { businessName: '가게', businessNumber: '12345' } },
        '사업자등록번호는 숫자 10자리(000-00-00000)로 입력해주세요.',
      ],
      [
        { bankInfo: {}, business: { businessNumber: '123-45-67890' } },
        '사업자등록번호를 입력했다면 상호도 입력해주세요.',
      ],
    ];
    for (const [body, text] of cases) {
      const res = await api.call('PUT', '/api/auth/profile/details', { token: advertiser.token, body });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    expect(await userItem(advertiser.id)).toEqual(before);
  });

  it('an operator edits a customer’s details; an advertiser cannot edit another user’s', async () => {
    const customer = await newAccount(stack, { name: '고객' });
    const other = await newAccount(stack);
    const asUser = await api.call('PUT', `/api/users/${customer.id}/details`, {
      token: other.token,
      body: { bankInfo: bank, business: {} },
    });
    expect(asUser.status).toBe(403);
    expect((await userItem(customer.id))?.bankInfo).toBeUndefined();

    const res = await api.call('PUT', `/api/users/${customer.id}/details`, {
      token: operator.token,
      body: { bankInfo: bank, business: {} },
    });
    expect(res.status).toBe(200);
    expect((await userItem(customer.id))?.bankInfo).toEqual(bank);
    expect((await api.call('GET', '/api/auth/profile/details', { token: customer.token })).body.data.bankInfo).toEqual(
      bank,
    );
    const logs = (await api.call('GET', `/api/users/${customer.id}/logs`, { token: operator.token })).body.data;
    expect(logs[0]).toMatchObject({ action: 'update', actorName: '김운영' });

    const missing = await api.call('PUT', '/api/users/nobody/details', {
      token: operator.token,
      body: { bankInfo: bank, business: {} },
    });
    expect(missing.status).toBe(404);
  });

  it('an operator cannot overwrite a developer’s details; a developer can', async () => {
    const target = await newAccount(stack, { role: 'developer', name: '최개발' });
    const before = await userItem(target.id);
    const asOperator = await api.call('PUT', `/api/users/${target.id}/details`, {
      token: operator.token,
      body: { bankInfo: bank, business },
    });
    expect(asOperator.status).toBe(403);
    expect(asOperator.body.error).toMatch(/개발자/);
    expect(await userItem(target.id)).toEqual(before);
    expect((await api.call('GET', '/api/auth/profile/details', { token: target.token })).body.data.bankInfo).toEqual({
      bankName: '',
      accountNumber: '',
      accountHolder: '',
    });

    const asDeveloper = await api.call('PUT', `/api/users/${target.id}/details`, {
      token: developer.token,
      body: { bankInfo: bank, business },
    });
    expect(asDeveloper.status).toBe(200);
    expect((await userItem(target.id))?.bankInfo).toEqual(bank);
  });
});
