import { describe, expect, it } from 'vitest';
import { cleanUrlInput, coupangUrlError, parseCoupangUrl } from './coupang-url';
import { coupangUrlMessages } from './messages/slots';

const good = 'https://www.coupang.com/vp/products/7340176386?itemId=18790023377&vendorItemId=85933437473';

describe('parseCoupangUrl', () => {
  it('accepts a product URL and derives the three ids', () => {
    expect(parseCoupangUrl(good)).toEqual({
      ok: true,
      url: good,
      canonicalUrl: good,
      productId: '7340176386',
      itemId: '18790023377',
      vendorItemId: '85933437473',
    });
  });

  it('accepts http, other parameter orders and extra parameters, keeping them in url but not in canonicalUrl', () => {
    const r = parseCoupangUrl('http://www.coupang.com/vp/products/123?vendorItemId=3&sourceType=srp&itemId=2');
    // http:// is accepted as typed, and stored as https:// (never a plain-text link to the shop).
    expect(r).toMatchObject({
      ok: true,
      url: 'https://www.coupang.com/vp/products/123?vendorItemId=3&sourceType=srp&itemId=2',
      productId: '123',
      itemId: '2',
      vendorItemId: '3',
    });
    expect(r.ok && r.canonicalUrl).toBe('https://www.coupang.com/vp/products/123?itemId=2&vendorItemId=3');
  });

  it('removes inline whitespace, including line breaks and tabs inside the URL', () => {
    const r = parseCoupangUrl('  https://www.coupang.com/vp/ products/123?itemId=2\n&vendorItemId=3\t ');
    expect(r).toMatchObject({ ok: true, url: 'https://www.coupang.com/vp/products/123?itemId=2&vendorItemId=3' });
  });

  it('cuts everything from &q= on', () => {
    const r = parseCoupangUrl('https://www.coupang.com/vp/products/123?itemId=2&vendorItemId=3&q=무선 마우스&rank=4');
    expect(r).toMatchObject({ ok: true, url: 'https://www.coupang.com/vp/products/123?itemId=2&vendorItemId=3' });
    expect(cleanUrlInput('a&q=b&c=d')).toBe('a');
  });

  it('a cut &q= may remove a needed parameter: then the parameters are missing', () => {
    expect(coupangUrlError('https://www.coupang.com/vp/products/123?itemId=2&q=x&vendorItemId=3')).toBe(
      coupangUrlMessages.requiredParams,
    );
  });

  it('accepts a bare Coupang host and adds https://', () => {
    expect(parseCoupangUrl('www.coupang.com/vp/products/1?itemId=2&vendorItemId=3')).toMatchObject({
      ok: true,
      url: 'https://www.coupang.com/vp/products/1?itemId=2&vendorItemId=3',
    });
    expect(parseCoupangUrl('coupang.com/vp/products/1?itemId=2&vendorItemId=3')).toMatchObject({
      ok: true,
      url: 'https://coupang.com/vp/products/1?itemId=2&vendorItemId=3',
    });
  });

  it('tolerates a trailing slash after the product id and an upper-case scheme or host', () => {
    expect(parseCoupangUrl('HTTPS://WWW.COUPANG.COM/vp/products/1/?itemId=2&vendorItemId=3')).toMatchObject({
      ok: true,
      productId: '1',
    });
  });

  it('requires a value', () => {
    expect(coupangUrlError('')).toBe('URL은 필수 입력 항목입니다.');
    expect(coupangUrlError('   \n')).toBe('URL은 필수 입력 항목입니다.');
    expect(coupangUrlError(undefined)).toBe('URL은 필수 입력 항목입니다.');
  });

  it('refuses text that does not start with http:// or https://', () => {
    for (const raw of [
      'ftp://www.coupang.com/vp/products/1?itemId=2&vendorItemId=3',
      'javascript:alert(1)',
      'coupang',
      'naver.com/x',
    ]) {
      expect(coupangUrlError(raw)).toBe('URL은 http:// 또는 www.coupang.com 시작해야 합니다.');
    }
  });

  it('refuses any other site, including look-alike hosts', () => {
    for (const raw of [
      'https://smartstore.naver.com/vp/products/1?itemId=2&vendorItemId=3',
      'https://coupang.com.evil.io/vp/products/1?itemId=2&vendorItemId=3',
      'https://notcoupang.com/vp/products/1?itemId=2&vendorItemId=3',
      'https://localhost/vp/products/1?itemId=2&vendorItemId=3',
      'https://evil.example@www.coupang.com/vp/products/1?itemId=2&vendorItemId=3',
      'https://user:pass@www.coupang.com/vp/products/1?itemId=2&vendorItemId=3',
      'https://@www.coupang.com/vp/products/1?itemId=2&vendorItemId=3',
      'https://www.coupang.com:8443/vp/products/1?itemId=2&vendorItemId=3',
      'http://',
    ]) {
      expect(coupangUrlError(raw), raw).toBe('쿠팡 URL만 허용됩니다.');
    }
  });

  it('requires the /vp/products/{digits} path with the format hint', () => {
    for (const raw of [
      'https://www.coupang.com/',
      'https://www.coupang.com/vp/products/abc?itemId=2&vendorItemId=3',
      'https://www.coupang.com/np/search?q=1',
      'https://www.coupang.com/vp/products/1/reviews?itemId=2&vendorItemId=3',
    ]) {
      const msg = coupangUrlError(raw);
      expect(msg, raw).toBe(coupangUrlMessages.productPath);
    }
    expect(coupangUrlMessages.productPath).toContain(
      'https://www.coupang.com/vp/products/{상품ID}?itemId=...&vendorItemId=...',
    );
  });

  it('requires both itemId and vendorItemId, naming 쿠팡', () => {
    expect(coupangUrlError('https://www.coupang.com/vp/products/1')).toBe(coupangUrlMessages.requiredParams);
    expect(coupangUrlError('https://www.coupang.com/vp/products/1?itemId=2')).toBe(coupangUrlMessages.requiredParams);
    expect(coupangUrlError('https://www.coupang.com/vp/products/1?vendorItemId=3')).toBe(
      coupangUrlMessages.requiredParams,
    );
    expect(coupangUrlError('https://www.coupang.com/vp/products/1?itemId=&vendorItemId=3')).toBe(
      coupangUrlMessages.requiredParams,
    );
    expect(coupangUrlMessages.requiredParams).toMatch(/^쿠팡 URL에는 itemId와 vendorItemId 파라미터가 필요합니다\./);
  });

  it('requires numeric itemId and vendorItemId', () => {
    expect(coupangUrlError('https://www.coupang.com/vp/products/1?itemId=x2&vendorItemId=3')).toBe(
      coupangUrlMessages.numericParams,
    );
    expect(coupangUrlError('https://www.coupang.com/vp/products/1?itemId=2&vendorItemId=-3')).toBe(
      coupangUrlMessages.numericParams,
    );
  });
});
