import { describe, expect, it } from 'vitest';
import { defaultFieldConfigs } from '#shared/field-configs';
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
