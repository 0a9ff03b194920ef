import { describe, expect, it } from 'vitest';
import { defaultFieldConfigs, fieldValueOf, type FieldConfig } from './field-configs';
import {
  collectFieldInput,
  registrationIntent,
  slotFormFields,
  slotListFields,
  validateSlotFields,
} from './slot-fields';
import { approveSlotSchema, bulkCreateSlotsSchema, slotListQuerySchema, userBulkUpdateSchema } from './schemas/slots';

const url = 'https://www.coupang.com/vp/products/111?itemId=222&vendorItemId=333';
const configs = defaultFieldConfigs;
const withConfig = (key: string, patch: Partial<FieldConfig>) =>
  configs.map((c) => (c.field_key === key ? { ...c, ...patch } : c));

describe('slotFormFields', () => {
  it('lists enabled, non-system fields in display order', () => {
    expect(slotFormFields(configs).map((f) => f.field_key)).toEqual(['keywords', 'landingUrl', 'mid', 'description']);
    expect(slotListFields(configs).map((f) => f.field_key)).toEqual(['keywords', 'landingUrl', 'mid']);
  });
  it('always shows keyword and URL, even when switched off', () => {
    const off = withConfig('keywords', { is_enabled: false });
    expect(slotFormFields(off).map((f) => f.field_key)).toContain('keywords');
  });
  it('keeps keyword and URL even when their configs are gone, so no slot is registered without them', () => {
    const without = configs.filter((c) => c.field_key !== 'landingUrl' && c.field_key !== 'keywords');
    expect(slotFormFields(without).map((f) => f.field_key)).toEqual(['keywords', 'landingUrl', 'mid', 'description']);
    expect(validateSlotFields({ keywords: '마우스' }, without)).toEqual({
      ok: false,
      errors: [{ field: 'landingUrl', label: 'URL', message: 'URL은 필수 입력 항목입니다.' }],
    });
    const ok = validateSlotFields({ keywords: '마우스', landingUrl: url }, without);
    expect(ok.ok && ok.values).toMatchObject({ keyword: '마우스', productId: '111', itemId: '222' });
  });
});

describe('validateSlotFields (complete)', () => {
  it('normalises values and derives the product ids into the system fields', () => {
    const r = validateSlotFields(
      {
        keywords: ' 무선 마우스 ',
        landingUrl: `${url}&q=무선`,
        mid: '',
        description: '메모',
        adText: 'disabled',
        url_item_id: 'forged',
        junk: 'x',
      },
      configs,
    );
    expect(r).toEqual({
      ok: true,
      values: {
        customFields: {
          keywords: '무선 마우스',
          landingUrl: url,
          description: '메모',
          url_product_id: '111',
          url_item_id: '222',
          url_vendor_item_id: '333',
        },
        keyword: '무선 마우스',
        url,
        mid: '',
        productId: '111',
        itemId: '222',
        vendorItemId: '333',
      },
    });
  });

  it('requires keyword and URL with their own Korean texts', () => {
    const r = validateSlotFields({ keywords: '  ', landingUrl: '' }, configs);
    expect(r).toEqual({
      ok: false,
      errors: [
        { field: 'keywords', label: '키워드', message: '키워드는 필수 입력 항목입니다.' },
        { field: 'landingUrl', label: 'URL', message: 'URL은 필수 입력 항목입니다.' },
      ],
    });
  });

  it('requires other configured required fields as {label}은(는) 필수 입력 항목입니다.', () => {
    const r = validateSlotFields(
      { keywords: 'a', landingUrl: url, mid: ' ' },
      withConfig('mid', { is_required: true }),
    );
    expect(r).toMatchObject({ ok: false, errors: [{ field: 'mid', message: 'MID은(는) 필수 입력 항목입니다.' }] });
  });

  it('does not require a disabled field', () => {
    expect(
      validateSlotFields(
        { keywords: 'a', landingUrl: url },
        withConfig('adText', { is_required: true, is_enabled: false }),
      ).ok,
    ).toBe(true);
  });

  it('allows at most 10 comma-separated keywords', () => {
    expect(
      validateSlotFields(
        { keywords: Array.from({ length: 10 }, (_, i) => `k${i}`).join(','), landingUrl: url },
        configs,
      ).ok,
    ).toBe(true);
    expect(
      validateSlotFields(
        { keywords: Array.from({ length: 11 }, (_, i) => `k${i}`).join(', '), landingUrl: url },
        configs,
      ),
    ).toMatchObject({
      ok: false,
      errors: [{ field: 'keywords', message: '키워드는 최대 10개까지 입력할 수 있습니다.' }],
    });
    expect(validateSlotFields({ keywords: ' , ,', landingUrl: url }, configs)).toMatchObject({
      ok: false,
      errors: [{ message: '키워드는 필수 입력 항목입니다.' }],
    });
  });

  it('applies the Coupang rule to the URL', () => {
    expect(validateSlotFields({ keywords: 'a', landingUrl: 'https://naver.com/x' }, configs)).toMatchObject({
      ok: false,
      errors: [{ field: 'landingUrl', message: '쿠팡 URL만 허용됩니다.' }],
    });
  });

  it('checks number, email and url types, and lengths', () => {
    let cfg = withConfig('mid', { field_type: 'number' });
    expect(validateSlotFields({ keywords: 'a', landingUrl: url, mid: '12a' }, cfg)).toMatchObject({
      ok: false,
      errors: [{ message: 'MID은(는) 숫자만 입력할 수 있습니다.' }],
    });
    expect(validateSlotFields({ keywords: 'a', landingUrl: url, mid: 123 }, cfg).ok).toBe(true);
    cfg = withConfig('mid', { field_type: 'email' });
    expect(validateSlotFields({ keywords: 'a', landingUrl: url, mid: 'nope' }, cfg)).toMatchObject({
      ok: false,
      errors: [{ message: 'MID의 이메일 형식이 올바르지 않습니다.' }],
    });
    cfg = withConfig('mid', { field_type: 'url' });
    expect(validateSlotFields({ keywords: 'a', landingUrl: url, mid: 'ftp://x' }, cfg).ok).toBe(false);
    expect(
      validateSlotFields({ keywords: 'a', landingUrl: url, description: 'x'.repeat(2001) }, configs),
    ).toMatchObject({ ok: false, errors: [{ message: '메모은(는) 2000자 이하로 입력해주세요.' }] });
    expect(validateSlotFields({ keywords: { evil: 1 }, landingUrl: url }, configs)).toMatchObject({
      ok: false,
      errors: [{ field: 'keywords' }],
    });
  });
});

describe('validateSlotFields (fill)', () => {
  it('needs at least one field', () => {
    expect(validateSlotFields({ keywords: '', landingUrl: ' ' }, configs, 'fill')).toEqual({
      ok: false,
      errors: [{ field: 'customFields', message: '최소 하나 이상의 필드를 입력해주세요.' }],
    });
  });
  it('accepts a partial fill but still checks what is given', () => {
    expect(validateSlotFields({ keywords: '마우스' }, configs, 'fill')).toMatchObject({
      ok: true,
      values: { keyword: '마우스', url: '' },
    });
    expect(validateSlotFields({ landingUrl: 'x' }, configs, 'fill').ok).toBe(false);
  });
});

describe('collectFieldInput', () => {
  it('maps the aliases keyword/url to the field keys; customFields win unless blank', () => {
    expect(collectFieldInput({ keyword: 'a', url: 'u', mid: 'm', customFields: { description: 'd' } })).toEqual({
      keywords: 'a',
      landingUrl: 'u',
      mid: 'm',
      description: 'd',
    });
    expect(collectFieldInput({ keyword: 'a', customFields: { keywords: 'b' } })).toEqual({ keywords: 'b' });
    expect(collectFieldInput({ keyword: 'a', customFields: { keywords: '' } })).toEqual({ keywords: 'a' });
    expect(collectFieldInput({ customFields: { keyword: 'k', url: 'u' } })).toEqual({ keywords: 'k', landingUrl: 'u' });
  });
});

describe('request schemas', () => {
  it('approve: a price above 0, or a reason', () => {
    expect(approveSlotSchema.safeParse({ approved: true, approvedPrice: 0 }).error?.issues[0].message).toBe(
      '올바른 가격을 입력해주세요.',
    );
    expect(approveSlotSchema.safeParse({ approved: true, approvedPrice: 'abc' }).error?.issues[0].message).toBe(
      '올바른 가격을 입력해주세요.',
    );
    expect(approveSlotSchema.parse({ approved: true, approvedPrice: '50000' })).toEqual({
      approved: true,
      approvedPrice: 50000,
    });
    expect(approveSlotSchema.safeParse({ approved: false, rejectionReason: '  ' }).error?.issues[0].message).toBe(
      '거절 사유를 입력해주세요.',
    );
    expect(approveSlotSchema.safeParse({ approved: false }).error?.issues[0].message).toBe('거절 사유를 입력해주세요.');
  });

  it('bulk: at least one row, at most 1000', () => {
    expect(bulkCreateSlotsSchema.safeParse({ rows: [] }).error?.issues[0].message).toBe(
      '등록할 슬롯 데이터를 입력해주세요.',
    );
    expect(bulkCreateSlotsSchema.safeParse({}).error?.issues[0].message).toBe('등록할 슬롯 데이터를 입력해주세요.');
    expect(
      bulkCreateSlotsSchema.safeParse({ rows: Array.from({ length: 1001 }, () => ({ customFields: {} })) }).success,
    ).toBe(false);
  });

  it('bulk edit: 1 to 50 slots', () => {
    expect(userBulkUpdateSchema.safeParse({ slotIds: [], updates: {} }).error?.issues[0].message).toBe(
      '수정할 슬롯을 선택해주세요.',
    );
    expect(
      userBulkUpdateSchema.safeParse({ slotIds: Array.from({ length: 51 }, (_, i) => `s${i}`), updates: {} }).success,
    ).toBe(false);
  });

  it('list query: defaults, page sizes and booleans from strings', () => {
    expect(slotListQuerySchema.parse({})).toMatchObject({
      page: 1,
      limit: 10,
      searchType: 'all',
      hideExpired: false,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    expect(slotListQuerySchema.parse({ limit: '30', hideExpired: 'true', page: '2' })).toMatchObject({
      limit: 30,
      hideExpired: true,
      page: 2,
    });
    expect(slotListQuerySchema.safeParse({ limit: '25' }).success).toBe(false);
    expect(slotListQuerySchema.safeParse({ dateFrom: '2025-13-01' }).success).toBe(false);
  });
});

describe('keys named after object members', () => {
  const member = (key: string): FieldConfig => ({
    ...defaultFieldConfigs.find((c) => c.field_key === 'mid')!,
    field_key: key,
    is_required: true,
  });

  it('reads only own values: a record without the key has no value, not an inherited function', () => {
    expect(fieldValueOf({}, 'constructor')).toBeUndefined();
    expect(fieldValueOf({ toString: 'x' }, 'toString')).toBe('x');
    expect(fieldValueOf(null, 'valueOf')).toBeUndefined();
  });

  it('collects aliases and customFields in a map: member names are plain keys', () => {
    const raw = collectFieldInput({
      keyword: '키워드',
      customFields: JSON.parse('{"constructor":"c","__proto__":"p","url":"u"}') as Record<string, unknown>,
    });
    expect(Object.getPrototypeOf(raw)).toBe(Object.prototype);
    expect(Object.keys(raw).sort()).toEqual(['__proto__', 'constructor', 'keywords', 'landingUrl']);
    expect(raw.landingUrl).toBe('u');
  });

  it('leaves a stored config with a reserved key off the form', () => {
    const fields = slotFormFields([...configs, member('constructor'), member('valueOf')]);
    expect(fields.map((f) => f.field_key)).not.toContain('constructor');
    expect(fields.map((f) => f.field_key)).not.toContain('valueOf');
  });
});

describe('select and boolean fields', () => {
  const color: FieldConfig = {
    ...defaultFieldConfigs.find((c) => c.field_key === 'mid')!,
    field_key: 'color',
    label: '색상',
    field_type: 'select',
    options: ['빨강', '파랑'],
    display_order: 6,
  };
  const gift: FieldConfig = { ...color, field_key: 'gift', label: '사은품', field_type: 'boolean', options: [] };
  const base = { keywords: '마우스', landingUrl: url };

  it('accepts an option and true/false, stored as text', () => {
    const r = validateSlotFields({ ...base, color: '파랑', gift: true }, [...configs, color, gift]);
    expect(r.ok && r.values.customFields).toMatchObject({ color: '파랑', gift: 'true' });
  });

  it('refuses a value that is not an option, and a boolean word other than true/false, in Korean', () => {
    const r = validateSlotFields({ ...base, color: '초록', gift: '예' }, [...configs, color, gift]);
    expect(r).toEqual({
      ok: false,
      errors: [
        { field: 'color', label: '색상', message: '색상은(는) 다음 중 하나를 선택해주세요: 빨강, 파랑' },
        { field: 'gift', label: '사은품', message: '사은품은(는) 예(true) 또는 아니오(false)로 입력해주세요.' },
      ],
    });
  });

  it('a select with no options stored (a row from before options) accepts nothing but blank', () => {
    const bare = { ...color, options: undefined };
    expect(validateSlotFields({ ...base, color: '' }, [...configs, bare]).ok).toBe(true);
    expect(validateSlotFields({ ...base, color: '빨강' }, [...configs, bare]).ok).toBe(false);
  });
});

describe('registrationIntent', () => {
  it('reads a stray space and the URL’s search tail as the same registration, another keyword as another', () => {
    const url = 'https://www.coupang.com/vp/products/7001?itemId=8001&vendorItemId=9001';
    const intent = (keywords: string, landingUrl: string) =>
      registrationIntent(collectFieldInput({ customFields: { keywords, landingUrl } }), defaultFieldConfigs);
    const first = intent('캠핑의자', url);
    expect(intent(' 캠핑의자 ', `  ${url}&q=캠핑의자`)).toEqual(first);
    expect(intent('캠핑 의자', url)).not.toEqual(first);
    // Values the server would refuse are compared trimmed.
    expect(intent(' 의자', 'not a url ')).toEqual({ keywords: '의자', landingUrl: 'not a url' });
  });
});
