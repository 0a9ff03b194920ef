import { describe, expect, it } from 'vitest';
import { defaultFieldConfigs, type FieldConfig } from '#shared/field-configs';
import { slotFormFields } from '#shared/slot-fields';
import { cellKey, toCustomFields, truncateLines, validateGrid } from './grid-validation';

const columns = slotFormFields(defaultFieldConfigs);
const url = 'https://www.coupang.com/vp/products/123?itemId=45&vendorItemId=67';
const row = (values: Record<string, string>) => columns.map((c) => values[c.field_key] ?? '');

describe('validateGrid', () => {
  it('skips blank rows and accepts valid ones', () => {
    const v = validateGrid(
      [row({}), row({ keywords: '키워드', landingUrl: url }), row({})],
      columns,
      defaultFieldConfigs,
    );
    expect(v.filledRows).toEqual([1]);
    expect(v.invalidRows).toEqual([]);
    expect(v.cellErrors.size).toBe(0);
  });

  it('marks the wrong cells with the shared Korean messages', () => {
    const v = validateGrid(
      [row({ mid: '1' }), row({ keywords: 'k', landingUrl: 'https://naver.com/x' })],
      columns,
      defaultFieldConfigs,
    );
    const keywordCol = columns.findIndex((c) => c.field_key === 'keywords');
    const urlCol = columns.findIndex((c) => c.field_key === 'landingUrl');
    expect(v.invalidRows).toEqual([0, 1]);
    expect(v.cellErrors.get(cellKey(0, keywordCol))).toBe('키워드는 필수 입력 항목입니다.');
    expect(v.cellErrors.get(cellKey(0, urlCol))).toBe('URL은 필수 입력 항목입니다.');
    expect(v.cellErrors.get(cellKey(1, urlCol))).toBe('쿠팡 URL만 허용됩니다.');
    expect(v.messages[0]).toBe('1행 키워드: 키워드는 필수 입력 항목입니다.');
  });

  it('limits keywords to 10', () => {
    const many = Array.from({ length: 11 }, (_, i) => `k${i}`).join(',');
    const v = validateGrid([row({ keywords: many, landingUrl: url })], columns, defaultFieldConfigs);
    expect([...v.cellErrors.values()]).toEqual(['키워드는 최대 10개까지 입력할 수 있습니다.']);
  });
});

describe('toCustomFields / truncateLines', () => {
  it('leaves blank cells out', () => {
    expect(toCustomFields(row({ keywords: ' a ', landingUrl: url }), columns)).toEqual({
      keywords: 'a',
      landingUrl: url,
    });
  });

  it('shows up to the limit then "... 외 N개"', () => {
    const lines = Array.from({ length: 13 }, (_, i) => `e${i}`);
    expect(truncateLines(lines, 10)).toEqual([...lines.slice(0, 10), '... 외 3개']);
    expect(truncateLines(lines.slice(0, 10), 10)).toHaveLength(10);
  });
});

describe('typed columns: pasted words map to options and booleans', () => {
  const mid = defaultFieldConfigs.find((c) => c.field_key === 'mid')!;
  const typed: FieldConfig[] = [
    ...defaultFieldConfigs,
    { ...mid, field_key: 'color', label: '색상', field_type: 'select', options: ['Red', '파랑'], display_order: 6 },
    { ...mid, field_key: 'gift', label: '사은품', field_type: 'boolean', display_order: 7 },
  ];
  const cols = slotFormFields(typed);
  const typedRow = (values: Record<string, string>) => cols.map((c) => values[c.field_key] ?? '');

  it.each([
    ['예', 'true'],
    ['Y', 'true'],
    [' yes ', 'true'],
    ['TRUE', 'true'],
    ['O', 'true'],
    ['1', 'true'],
    ['아니오', 'false'],
    ['n', 'false'],
    ['False', 'false'],
    ['X', 'false'],
    ['0', 'false'],
  ])('boolean %j → %s', (text, stored) => {
    expect(toCustomFields(typedRow({ gift: text }), cols).gift).toBe(stored);
  });

  it('maps a select text to its option ignoring case, and sends what maps to nothing as it is', () => {
    expect(toCustomFields(typedRow({ color: 'red' }), cols).color).toBe('Red');
    expect(toCustomFields(typedRow({ color: '파랑' }), cols).color).toBe('파랑');
    expect(toCustomFields(typedRow({ color: '초록' }), cols).color).toBe('초록');
  });

  it('flags the cells that map to nothing, each with its own message', () => {
    const v = validateGrid(
      [
        typedRow({ keywords: 'k', landingUrl: url, color: 'RED', gift: 'Y' }),
        typedRow({ keywords: 'k', landingUrl: url, color: '초록', gift: '글쎄' }),
      ],
      cols,
      typed,
    );
    expect(v.invalidRows).toEqual([1]);
    const colorCol = cols.findIndex((c) => c.field_key === 'color');
    const giftCol = cols.findIndex((c) => c.field_key === 'gift');
    expect(v.cellErrors.get(cellKey(1, colorCol))).toBe('색상은(는) 다음 중 하나를 선택해주세요: Red, 파랑');
    expect(v.cellErrors.get(cellKey(1, giftCol))).toBe('사은품은(는) 예(true) 또는 아니오(false)로 입력해주세요.');
  });
});
