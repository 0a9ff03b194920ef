import { describe, expect, it } from 'vitest';
import { createFieldConfigSchema } from './field-configs';

const base = { field_key: 'color', label: '색상', field_type: 'select' };
const messagesOf = (input: unknown) => {
  const r = createFieldConfigSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('field config options', () => {
  it('keeps a select field its trimmed options in order', () => {
    expect(createFieldConfigSchema.parse({ ...base, options: [' 빨강 ', '파랑'] }).options).toEqual(['빨강', '파랑']);
  });

  it('drops options from a field of another type', () => {
    expect(createFieldConfigSchema.parse({ ...base, field_type: 'text', options: ['x'] }).options).toEqual([]);
  });

  it('refuses a select without options, a blank, a too long and a repeated option, in Korean', () => {
    expect(messagesOf(base)).toEqual(['options: 선택 항목(select) 필드에는 선택지를 1개 이상 입력해주세요.']);
    expect(messagesOf({ ...base, options: ['빨강', ' '] })).toEqual(['options.1: 빈 선택지는 둘 수 없습니다.']);
    expect(messagesOf({ ...base, options: ['가'.repeat(51)] })).toEqual([
      'options.0: 선택지는 50자 이하로 입력해주세요.',
    ]);
    expect(messagesOf({ ...base, options: ['빨강', '빨강 '] })).toEqual([
      "options.1: 선택지 '빨강'이(가) 두 번 들어 있습니다.",
    ]);
    expect(messagesOf({ ...base, options: Array.from({ length: 51 }, (_, i) => `o${i}`) })).toEqual([
      'options: 선택지는 최대 50개까지 둘 수 있습니다.',
    ]);
  });
});
