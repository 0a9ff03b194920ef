import { describe, expect, it } from 'vitest';
import { cashMessages } from '../messages/cash';
import { chargeRequestSchemaFor } from './cash';

const limits = { minCashCharge: 10_000, maxCashCharge: 1_000_000 };
const schema = chargeRequestSchemaFor(limits);
const body = (over: Record<string, unknown>) => ({
  amount: 50_000,
  depositAt: '2025-03-01T14:30',
  accountHolder: '홍길동',
  ...over,
});
const firstError = (over: Record<string, unknown>) => {
  const parsed = schema.safeParse(body(over));
  return parsed.success ? null : parsed.error.issues[0].message;
};
const range = '충전 금액은 10,000원 이상 1,000,000원 이하로 입력해주세요.';

describe('charge request amount', () => {
  it('takes numbers and won as people type it: plain digits or grouped by thousands', () => {
    expect(schema.parse(body({ amount: '30000' })).amount).toBe(30_000);
    expect(schema.parse(body({ amount: ' 1,000,000 ' })).amount).toBe(1_000_000);
    expect(schema.parse(body({ amount: 10_000 })).amount).toBe(10_000);
  });

  it('refuses what only looks numeric to JavaScript', () => {
    for (const amount of ['1e4', '0x2710', '1,0,000', '10,00', '10000원', '+10000', '.5']) {
      expect(firstError({ amount }), amount).toBe(cashMessages.amountNumeric);
    }
    expect(firstError({ amount: 10_000.5 })).toBe(cashMessages.amountInteger);
    expect(firstError({ amount: '12,000.5' })).toBe(cashMessages.amountInteger);
  });

  it('asks for an amount when there is none, and gives the range for zero and negatives', () => {
    expect(firstError({ amount: '' })).toBe(cashMessages.amountRequired);
    expect(firstError({ amount: undefined })).toBe(cashMessages.amountRequired);
    expect(firstError({ amount: 0 })).toBe(range);
    expect(firstError({ amount: -5_000 })).toBe(range);
    expect(firstError({ amount: 1_000_010 })).toBe(range);
  });
});

describe('charge request depositAt', () => {
  it('reads a datetime-local value and a bare date as Seoul time', () => {
    expect(schema.parse(body({ depositAt: '2025-03-01T14:30' })).depositAt).toBe('2025-03-01T05:30:00.000Z');
    expect(schema.parse(body({ depositAt: '2025-03-01' })).depositAt).toBe('2025-02-28T15:00:00.000Z');
    expect(schema.parse(body({ depositAt: '2025-03-01T05:30:00.000Z' })).depositAt).toBe('2025-03-01T05:30:00.000Z');
  });

  it('refuses impossible dates instead of rolling them over, and absurd years', () => {
    for (const depositAt of [
      '2025-02-30T10:00',
      '2025-13-01T10:00',
      '2025-03-01T24:00',
      '1900-03-01T10:00',
      '9999-03-01T10:00',
      '2025/03/01',
      'tomorrow',
    ]) {
      expect(firstError({ depositAt }), depositAt).toBe(cashMessages.depositAtInvalid);
    }
    expect(firstError({ depositAt: '  ' })).toBe(cashMessages.depositAtRequired);
  });
});
