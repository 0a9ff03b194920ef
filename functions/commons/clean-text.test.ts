import { describe, expect, it } from 'vitest';
import { cleanText, cleanTexts } from './clean-text';

describe('cleanText', () => {
  it('removes NUL and other control characters but keeps tab and line breaks', () => {
    expect(cleanText('홍\u0000길\u0007동\u007F\u0085')).toBe('홍길동');
    expect(cleanText('줄\n바꿈\t탭\r')).toBe('줄\n바꿈\t탭\r');
  });

  it('removes bidi overrides and isolates (a name must not read backwards)', () => {
    expect(cleanText('admin\u202Egnp.exe')).toBe('admingnp.exe');
    expect(cleanText('\u2066키워드\u2069')).toBe('키워드');
  });

  it('removes lone surrogates and keeps real pairs (emoji)', () => {
    expect(cleanText('a\uD800b\uDC00c')).toBe('abc');
    expect(cleanText('좋아요 👍')).toBe('좋아요 👍');
  });

  it('cleans every string of a parsed body, keys included, and leaves other values alone', () => {
    expect(
      cleanTexts({
        fullName: '홍\u0000길동',
        rows: [{ customFields: { 'k\u202E': 'v\uD800' } }],
        n: 3,
        ok: true,
        none: null,
      }),
    ).toEqual({
      fullName: '홍길동',
      rows: [{ customFields: { k: 'v' } }],
      n: 3,
      ok: true,
      none: null,
    });
  });
});
