import '../support/quiet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/storage/client';
import { defaultFieldConfigs, systemFieldKeys, type FieldConfig } from '../../shared/field-configs';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { fieldConfigsStore } from '../../functions/storage/field-configs';
import { balanceOf, newAccount, row } from '../support/slots';

/**
 * Slot field configs edited on the developer's settings page (its field tab, through the field-config
 * routes): add, edit, reorder, remove, reset, system fields protected, and the slot
 * registration that follows the configuration at once.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
type Account = { id: string; email: string; token: string };
let user: Account;
let operator: Account;
let developer: Account;

const list = async (): Promise<FieldConfig[]> =>
  (await api.call('GET', '/api/field-configs', { token: user.token })).body.data;
const replace = (token: string, fields: unknown[]) =>
  api.call('PUT', '/api/admin/field-configs', { token, body: { fields } });
const create = (token: string, field: Record<string, unknown>) =>
  api.call('POST', '/api/admin/field-configs', { token, body: field });

async function fieldItems() {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'FIELDCFG' },
      ConsistentRead: true,
    }),
  );
  return JSON.stringify(out.Items ?? []);
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  user = await newAccount(stack, { balance: 1_000_000 });
  operator = await newAccount(stack, { role: 'operator' });
  developer = await newAccount(stack, { role: 'developer' });
});
afterAll(() => stack?.stop());
afterEach(async () => {
  expect((await api.call('POST', '/api/admin/field-configs/reset', { token: developer.token })).status).toBe(200);
});

describe('GET /api/field-configs', () => {
  it('answers every field, disabled ones too, in display order', async () => {
    const fields = await list();
    expect(fields.map((f) => f.field_key)).toEqual(defaultFieldConfigs.map((f) => f.field_key));
    expect(fields.find((f) => f.field_key === 'adText')?.is_enabled).toBe(false);
  });
});

describe('PUT /api/admin/field-configs (whole list)', () => {
  it('edits, reorders and removes in one call; every reader sees the new list at once', async () => {
    const current = await list();
    const byKey = Object.fromEntries(current.map((f) => [f.field_key, f]));
    const next = [
      { ...byKey.landingUrl, display_order: 1 },
      { ...byKey.keywords, label: '검색어', display_order: 2 },
      { ...byKey.adText, is_enabled: true, show_in_list: true, display_order: 3 },
      // mid and description left out: removed
      ...systemFieldKeys.map((k) => byKey[k]),
    ];
    const res = await replace(developer.token, next);
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: FieldConfig) => f.field_key)).toEqual([
      'landingUrl',
      'keywords',
      'adText',
      ...systemFieldKeys,
    ]);
    const fields = await list();
    expect(fields.map((f) => f.field_key)).toEqual(['landingUrl', 'keywords', 'adText', ...systemFieldKeys]);
    expect(fields.find((f) => f.field_key === 'keywords')?.label).toBe('검색어');
    expect(fields.find((f) => f.field_key === 'adText')).toMatchObject({ is_enabled: true, show_in_list: true });
  });

  it('lets system fields be relabelled and moved, but never dropped or retyped; nothing is written then', async () => {
    const current = await list();
    const before = await fieldItems();
    const withoutSystem = current.filter((f) => f.field_key !== 'url_item_id');
    const dropped = await replace(developer.token, withoutSystem);
    expect(dropped.status).toBe(400);
    expect(dropped.body).toMatchObject({
      code: 'VALIDATION',
      error: '시스템 필드(url_item_id)는 목록에서 뺄 수 없습니다.',
    });
    const retyped = await replace(
      developer.token,
      current.map((f) => (f.field_key === 'url_product_id' ? { ...f, field_type: 'number' } : f)),
    );
    expect(retyped.status).toBe(400);
    expect(retyped.body.error).toBe(
      "'url_product_id'은(는) 시스템이 생성하는 필드라 삭제하거나 키와 유형을 바꿀 수 없습니다.",
    );
    const twice = await replace(developer.token, [...current, { ...current[0], label: '또' }]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe("'keywords' 필드가 목록에 두 번 들어 있습니다.");
    // A client cannot make its own field a system one, nor a system field an ordinary one.
    const claimed = await replace(
      developer.token,
      current.map((f) => ({ ...f, is_system_generated: !f.is_system_generated })),
    );
    expect(claimed.status).toBe(200);
    expect((await list()).filter((f) => f.is_system_generated).map((f) => f.field_key)).toEqual([...systemFieldKeys]);
    await api.call('POST', '/api/admin/field-configs/reset', { token: developer.token });
    expect(await fieldItems()).toBe(before);

    const relabelled = await replace(
      developer.token,
      current.map((f) => (f.field_key === 'url_product_id' ? { ...f, label: '상품번호', display_order: 0 } : f)),
    );
    expect(relabelled.status).toBe(200);
    expect((await list())[0]).toMatchObject({
      field_key: 'url_product_id',
      label: '상품번호',
      is_system_generated: true,
    });
  });

  it('refuses a malformed field with the Korean reason', async () => {
    const current = await list();
    const before = await fieldItems();
    const res = await replace(
      developer.token,
      current.map((f) => (f.field_key === 'mid' ? { ...f, label: '' } : f)),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('필드 키와 라벨은 필수입니다.');
    expect((await replace(developer.token, [])).body.error).toBe('필드 목록을 보내주세요.');
    expect(await fieldItems()).toBe(before);
  });
});

describe('POST /api/admin/field-configs (one field)', () => {
  it('adds a field last; a required one is asked for by slot registration at once, and a removed one no longer is', async () => {
    const res = await create(developer.token, {
      field_key: 'brand',
      label: '브랜드',
      field_type: 'text',
      is_required: true,
      show_in_list: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      field_key: 'brand',
      label: '브랜드',
      is_required: true,
      is_enabled: true,
      is_system_generated: false,
      display_order: 6,
    });
    const fields = await list();
    expect(fields.filter((f) => !f.is_system_generated).at(-1)?.field_key).toBe('brand');

    const without = await api.call('POST', '/api/slots', { token: user.token, body: row(1) });
    expect(without.status).toBe(400);
    expect(without.body.error).toBe('브랜드은(는) 필수 입력 항목입니다.');
    const withIt = await api.call('POST', '/api/slots', { token: user.token, body: row(1, { brand: '쿠팡' }) });
    expect(withIt.status).toBe(201);
    expect(withIt.body.data.customFields.brand).toBe('쿠팡');

    const removed = await api.call('DELETE', '/api/admin/field-configs/brand', { token: developer.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ deleted: 'brand' });
    expect((await api.call('POST', '/api/slots', { token: user.token, body: row(2) })).status).toBe(201);
  });

  it.each([
    [
      { field_key: '1brand', label: '브랜드', field_type: 'text' },
      '필드 키는 영문자로 시작하고 영문자, 숫자, 밑줄(_)만 사용해 50자 이내로 입력해주세요.',
    ],
    [
      { field_key: 'brand-name', label: '브랜드', field_type: 'text' },
      '필드 키는 영문자로 시작하고 영문자, 숫자, 밑줄(_)만 사용해 50자 이내로 입력해주세요.',
    ],
    [
      { field_key: `b${'x'.repeat(50)}`, label: '브랜드', field_type: 'text' },
      '필드 키는 영문자로 시작하고 영문자, 숫자, 밑줄(_)만 사용해 50자 이내로 입력해주세요.',
    ],
    [{ field_key: '', label: '브랜드', field_type: 'text' }, '필드 키와 라벨은 필수입니다.'],
    [{ field_key: 'brand', label: '  ', field_type: 'text' }, '필드 키와 라벨은 필수입니다.'],
    [{ field_key: 'brand', label: '가'.repeat(51), field_type: 'text' }, '라벨은 1~50자로 입력해주세요.'],
    [
      { field_key: 'brand', label: '브랜드', field_type: 'color' },
      '필드 유형은 text, textarea, url, email, number, select, date, boolean 중 하나여야 합니다.',
    ],
  ])('refuses %j with 400: %s', async (field, message) => {
    const before = await fieldItems();
    const res = await create(developer.token, field);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION', error: message });
    expect(await fieldItems()).toBe(before);
  });

  it('refuses a key that exists (409) and a system key', async () => {
    const exists = await create(developer.token, { field_key: 'mid', label: '또 MID', field_type: 'text' });
    expect(exists.status).toBe(409);
    expect(exists.body.error).toBe("'mid' 필드가 이미 있습니다.");
    const system = await create(developer.token, { field_key: 'url_item_id', label: '아이템', field_type: 'text' });
    expect(system.status).toBe(400);
    expect(system.body.error).toBe("'url_item_id'은(는) 시스템 필드 키라 새로 추가할 수 없습니다.");
  });
});

describe('field keys named after object members', () => {
  const prototypeNames = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf'];

  it("refuses them (and the core fields' input aliases) on add and on a whole-list save; nothing is written", async () => {
    const before = await fieldItems();
    for (const key of [...prototypeNames, 'keyword', 'url']) {
      const res = await create(developer.token, { field_key: key, label: 'l', field_type: 'text' });
      expect(res.status, key).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION',
        error: `'${key}'은(는) 시스템이 쓰는 이름이라 필드 키로 쓸 수 없습니다. 다른 키를 입력해주세요.`,
      });
    }
    const whole = await replace(developer.token, [
      ...(await list()),
      { field_key: 'valueOf', label: 'l', field_type: 'text' },
    ]);
    expect(whole.status).toBe(400);
    expect(whole.body.error).toContain("'valueOf'");
    expect(await fieldItems()).toBe(before);
    // Before the fix this was the symptom: every plain registration answered 400 naming the field.
    const slot = await api.call('POST', '/api/slots', { token: user.token, body: row(41) });
    expect(slot.status).toBe(201);
  });

  it('a stored row with such a key (written by hand) blocks no registration; its values are dropped and it can be deleted', async () => {
    const stored = ['__proto__', ...prototypeNames];
    for (const [i, key] of stored.entries())
      await fieldConfigsStore.put({
        ...defaultFieldConfigs.find((f) => f.field_key === 'mid')!,
        field_key: key,
        label: `필드${i}`,
        is_required: true,
        display_order: 50 + i,
      });
    const url = (n: number) => row(n).customFields.landingUrl;
    const balance = await balanceOf(user.id);
    const plain = await api.call('POST', '/api/slots', {
      token: user.token,
      body: { keyword: '키보드', url: url(42) },
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.data.customFields).toEqual({
      keywords: '키보드',
      landingUrl: url(42),
      url_product_id: '1042',
      url_item_id: '2042',
      url_vendor_item_id: '3042',
    });
    expect(await balanceOf(user.id)).toBe(balance - 50_000);

    // Values sent for those keys are dropped like an unknown field's (they would break the store's marshaller).
    const typed = await api.call('POST', '/api/slots', {
      token: user.token,
      // Written by hand: an object literal's `__proto__` would set the prototype, not a key.
      rawBody: JSON.stringify({
        customFields: { keywords: '마우스', landingUrl: url(43), constructor: '생성자', toString: '문자' },
      }).replace('{"keywords"', '{"__proto__":"프로토","keywords"'),
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(201);
    expect(Object.keys(typed.body.data.customFields).sort()).toEqual(
      ['keywords', 'landingUrl', 'url_item_id', 'url_product_id', 'url_vendor_item_id'].sort(),
    );
    const values = await api.call('GET', `/api/slots/${typed.body.data.id}/field-values`, { token: user.token });
    expect(values.body.data.fieldValues.map((v: { field_key: string }) => v.field_key)).toEqual([
      'keywords',
      'landingUrl',
      'url_product_id',
      'url_item_id',
      'url_vendor_item_id',
    ]);

    const bulk = await api.call('POST', '/api/slots/bulk', {
      token: user.token,
      body: { rows: [row(44), { customFields: { ...row(45).customFields, hasOwnProperty: '값' } }] },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.data).toMatchObject({ succeeded: 2, failed: 0 });

    // The developer still sees the rows and can delete them.
    expect((await list()).map((f) => f.field_key)).toEqual(expect.arrayContaining(stored));
    for (const key of stored) {
      const res = await api.call('DELETE', `/api/admin/field-configs/${encodeURIComponent(key)}`, {
        token: developer.token,
      });
      expect(res.status, key).toBe(200);
    }
  });
});

describe('DELETE /api/admin/field-configs/{key} and POST …/reset', () => {
  it('never removes a system field; an unknown key is a 404', async () => {
    const before = await fieldItems();
    const system = await api.call('DELETE', '/api/admin/field-configs/url_vendor_item_id', { token: developer.token });
    expect(system.status).toBe(400);
    expect(system.body.error).toBe(
      "'url_vendor_item_id'은(는) 시스템이 생성하는 필드라 삭제하거나 키와 유형을 바꿀 수 없습니다.",
    );
    const unknown = await api.call('DELETE', '/api/admin/field-configs/noSuchField', { token: developer.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe("'noSuchField' 필드를 찾을 수 없습니다.");
    expect(await fieldItems()).toBe(before);
  });

  it('never removes the keyword or URL field, and a list without them stored earlier still needs a product URL', async () => {
    const before = await fieldItems();
    for (const key of ['landingUrl', 'keywords']) {
      const res = await api.call('DELETE', `/api/admin/field-configs/${key}`, { token: developer.token });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(`'${key}'은(는) 슬롯 등록에 필요한 필드라 삭제할 수 없습니다.`);
    }
    const dropped = await replace(
      developer.token,
      (await list()).filter((f) => f.field_key !== 'landingUrl'),
    );
    expect(dropped.status).toBe(400);
    expect(dropped.body.error).toBe('슬롯 등록에 필요한 필드(landingUrl)는 목록에서 뺄 수 없습니다.');
    expect(await fieldItems()).toBe(before);

    // A table whose URL config went before this rule: registration still refuses a slot without a URL.
    await fieldConfigsStore.remove('landingUrl');
    const balance = await balanceOf(user.id);
    const slotsBefore = (await api.call('GET', '/api/slots/count', { token: user.token })).body.data.count;
    const res = await api.call('POST', '/api/slots', { token: user.token, body: { keyword: '마우스' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('URL은 필수 입력 항목입니다.');
    expect(await balanceOf(user.id)).toBe(balance);
    expect((await api.call('GET', '/api/slots/count', { token: user.token })).body.data.count).toBe(slotsBefore);
    const withUrl = await api.call('POST', '/api/slots', { token: user.token, body: row(31) });
    expect(withUrl.status).toBe(201);
    expect(withUrl.body.data).toMatchObject({ url_product_id: '1031', url_item_id: '2031' });
  });

  it('never retypes the keyword or URL field; a row retyped before this rule still lets registration through', async () => {
    const current = await list();
    const before = await fieldItems();
    const retypes = [
      { field_key: 'keywords', field_type: 'select', options: ['하나'] },
      { field_key: 'keywords', field_type: 'boolean' },
      { field_key: 'landingUrl', field_type: 'text' },
    ];
    for (const change of retypes) {
      const res = await replace(
        developer.token,
        current.map((f) => (f.field_key === change.field_key ? { ...f, ...change } : f)),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(
        new RegExp(`^'${change.field_key}'은\\(는\\) 슬롯 등록에 필요한 필드라 유형을 바꿀 수 없습니다`),
      );
    }
    expect(await fieldItems()).toBe(before);

    // A table where the keyword became a yes/no earlier: forms and registration still see a text field.
    const keywords = current.find((f) => f.field_key === 'keywords')!;
    await fieldConfigsStore.put({ ...keywords, field_type: 'boolean' });
    expect((await list()).find((f) => f.field_key === 'keywords')?.field_type).toBe('text');
    const res = await api.call('POST', '/api/slots', { token: user.token, body: row(32) });
    expect(res.status).toBe(201);
  });

  it('reset brings back the defaults and removes added fields', async () => {
    await create(developer.token, { field_key: 'extra1', label: '추가', field_type: 'number' });
    await api.call('DELETE', '/api/admin/field-configs/mid', { token: developer.token });
    const current = await list();
    await replace(
      developer.token,
      current.map((f) => (f.field_key === 'keywords' ? { ...f, label: '바뀐 라벨' } : f)),
    );
    const res = await api.call('POST', '/api/admin/field-configs/reset', { token: developer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(defaultFieldConfigs);
    expect(await list()).toEqual(defaultFieldConfigs);
  });
});

describe('who may edit field configs', () => {
  it('refuses operators and users on every write route (403) and changes nothing', async () => {
    const before = await fieldItems();
    const current = await list();
    for (const token of [operator.token, user.token]) {
      const answers = [
        await replace(token, current),
        await create(token, { field_key: 'brand', label: '브랜드', field_type: 'text' }),
        await api.call('DELETE', '/api/admin/field-configs/mid', { token }),
        await api.call('POST', '/api/admin/field-configs/reset', { token }),
      ];
      for (const res of answers) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: '개발자만 사용할 수 있습니다.' });
      }
    }
    expect(await fieldItems()).toBe(before);
  });
});

describe('select and boolean fields', () => {
  const color = {
    field_key: 'color',
    label: '색상',
    field_type: 'select',
    options: ['빨강', '파랑'],
    show_in_list: true,
  };
  const gift = { field_key: 'gift', label: '사은품', field_type: 'boolean', show_in_list: true };

  it('stores a select field with its options; refuses one without, with a blank or a repeated option; nothing written', async () => {
    const before = await fieldItems();
    for (const [field, message] of [
      [{ ...color, options: [] }, '선택 항목(select) 필드에는 선택지를 1개 이상 입력해주세요.'],
      [{ ...color, options: ['빨강', ''] }, '빈 선택지는 둘 수 없습니다.'],
      [{ ...color, options: ['빨강', '빨강'] }, "선택지 '빨강'이(가) 두 번 들어 있습니다."],
    ] as const) {
      const res = await create(developer.token, field);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', error: message });
    }
    const whole = await replace(developer.token, [...(await list()), { ...color, options: [] }]);
    expect(whole.status).toBe(400);
    expect(await fieldItems()).toBe(before);

    expect((await create(developer.token, color)).status).toBe(201);
    expect((await create(developer.token, { ...gift, options: ['무시됨'] })).status).toBe(201);
    const fields = await list();
    expect(fields.find((f) => f.field_key === 'color')?.options).toEqual(['빨강', '파랑']);
    expect(fields.find((f) => f.field_key === 'gift')?.options).toEqual([]);
    // Reordering the options is a whole-list save like any other edit.
    const reordered = fields.map((f) => (f.field_key === 'color' ? { ...f, options: ['파랑', '빨강'] } : f));
    expect((await replace(developer.token, reordered)).status).toBe(200);
    expect((await list()).find((f) => f.field_key === 'color')?.options).toEqual(['파랑', '빨강']);
  });

  it('registration refuses a value outside the options and a boolean other than true/false, in Korean, charging nothing', async () => {
    await create(developer.token, color);
    await create(developer.token, gift);
    const account = await newAccount(stack, { balance: 1_000_000 });
    const balance = await balanceOf(account.id);
    for (const [extra, message] of [
      [{ color: '초록', gift: 'true' }, '색상은(는) 다음 중 하나를 선택해주세요: 빨강, 파랑'],
      [{ color: '빨강', gift: '예' }, '사은품은(는) 예(true) 또는 아니오(false)로 입력해주세요.'],
    ] as const) {
      const res = await api.call('POST', '/api/slots', { token: account.token, body: row(1, extra) });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await balanceOf(account.id)).toBe(balance);
    expect((await api.call('GET', '/api/slots', { token: account.token })).body.data.items).toEqual([]);
    const bulk = await api.call('POST', '/api/slots/bulk', {
      token: account.token,
      body: { rows: [row(2, { color: '보라' }), row(3, { color: '파랑', gift: 'false' })] },
    });
    expect(bulk.body.data).toMatchObject({
      succeeded: 1,
      failed: 1,
      errors: [{ row: 1, field: 'color', message: '색상은(는) 다음 중 하나를 선택해주세요: 빨강, 파랑' }],
    });
    const listed = (await api.call('GET', '/api/slots', { token: account.token })).body.data.items;
    expect(
      listed.map((s: { customFields: Record<string, string> }) => [s.customFields.color, s.customFields.gift]),
    ).toEqual([['파랑', 'false']]);
    const ok = await api.call('POST', '/api/slots', {
      token: account.token,
      body: row(4, { color: '빨강', gift: 'true' }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.customFields).toMatchObject({ color: '빨강', gift: 'true' });
  });

  it('changing a field type keeps stored values; an invalid one must be fixed on the next edit', async () => {
    await create(developer.token, { ...color, field_type: 'text', options: [] });
    const account = await newAccount(stack, { balance: 1_000_000 });
    const slot = (await api.call('POST', '/api/slots', { token: account.token, body: row(5, { color: '초록' }) })).body
      .data;
    const fields = (await list()).map((f) =>
      f.field_key === 'color' ? { ...f, field_type: 'select', options: ['빨강'] } : f,
    );
    expect((await replace(developer.token, fields)).status).toBe(200);
    const read = (await api.call('GET', '/api/slots', { token: account.token })).body.data.items[0];
    expect(read.customFields.color).toBe('초록');
    const edit = (customFields: Record<string, string>) =>
      api.call('PUT', `/api/slots/${slot.id}/update-fields`, { token: account.token, body: { customFields } });
    const stale = await edit({ ...read.customFields, mid: 'M9' });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('색상은(는) 다음 중 하나를 선택해주세요: 빨강');
    expect((await edit({ ...read.customFields, color: '빨강' })).status).toBe(200);
  });
});
