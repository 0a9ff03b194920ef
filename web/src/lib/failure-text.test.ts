import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { classifyFailure, failureText } from './failure-text';

const texts = { refused: '일괄 수정에 실패했습니다.', unexpected: '일괄 수정 중 오류가 발생했습니다.' };

describe('failureText: refused vs unexpected', () => {
  it('a 4xx shows the server text, else the refused text', () => {
    expect(failureText(new ApiError('VALIDATION', 400, '쿠팡 URL만 허용됩니다.', undefined, true), texts)).toBe(
      '쿠팡 URL만 허용됩니다.',
    );
    expect(failureText(new ApiError('NOT_FOUND', 404, '요청한 항목을 찾을 수 없습니다.'), texts)).toBe(texts.refused);
    expect(classifyFailure(new ApiError('CONFLICT', 409, '', undefined, true))).toEqual({
      kind: 'refused',
      serverText: null,
    });
  });

  it('no answer, a 5xx or a thrown bug is unexpected', () => {
    expect(failureText(new ApiError('NETWORK', 0, '서버와의 통신 중 오류가 발생했습니다.'), texts)).toBe(
      texts.unexpected,
    );
    expect(failureText(new ApiError('TIMEOUT', 0, '시간 초과'), texts)).toBe(texts.unexpected);
    expect(failureText(new ApiError('INTERNAL', 500, '서버 오류', undefined, true), texts)).toBe(texts.unexpected);
    expect(failureText(new TypeError('x is undefined'), texts)).toBe(texts.unexpected);
  });
});
