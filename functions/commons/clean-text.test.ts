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

describe('invisible-only text', () => {
  it('empties a text made only of zero-width and other invisible characters', () => {
    expect(cleanText('\u200B\u200B\u200B')).toBe('');
    expect(cleanText(' \u200C\uFEFF\u2060 ')).toBe('  ');
    expect(cleanText('\u3164\u115F')).toBe('');
    expect(cleanText('\u{E0041}\u{E0042}')).toBe('');
  });

  it('keeps them inside real text (a joined emoji, a soft hyphen in a word)', () => {
    expect(cleanText('👨\u200D👩\u200D👧')).toBe('👨\u200D👩\u200D👧');
    expect(cleanText('상\u00ADpa')).toBe('상\u00ADpa');
    expect(cleanText('안녕\u200B')).toBe('안녕\u200B');
  });
});

describe('cleanTexts on hostile shapes', () => {
  it('walks 100,000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { k: deep };
    let out = cleanTexts(deep);
    for (let i = 99_999; i >= 0; i--) out = i % 2 ? (out as unknown[])[0] : (out as { k: unknown }).k;
    expect(out).toBe('a');
  });

  it('keeps a "__proto__" key a plain own key, never the prototype', () => {
    const out = cleanTexts(JSON.parse('{"__proto__":{"admin":true},"constructor":"c"}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { admin?: boolean }).admin).toBeUndefined();
    expect(Object.keys(out)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ admin: true });
  });
});
