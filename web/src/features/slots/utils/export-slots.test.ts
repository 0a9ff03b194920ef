import { describe, expect, it } from 'vitest';
import { defaultFieldConfigs } from '#shared/field-configs';
import type { SlotDto } from '#shared/schemas/slots';
import { slotListFields } from '#shared/slot-fields';
import { rankCell, slotsToCsv } from './export-slots';

const slot = (over: Partial<SlotDto>): SlotDto =>
  ({
    id: 's1',
    slot_number: 1,
    displayStatus: 'active',
    displayStatusLabel: '진행중',
    customFields: {},
    keyword: '',
    url: '',
    mid: '',
    product_name: null,
    rank: null,
    yesterday_rank: null,
    startDate: '2025-03-01',
    endDate: '2025-03-30',
    createdAt: '2025-02-28T15:10:00.000Z',
    rejection_reason: null,
    ...over,
  }) as SlotDto;

describe('slot list download', () => {
  it('writes ranks by the display rule', () => {
    expect(rankCell(12)).toBe(12);
    expect(rankCell(0)).toBe('순위없음');
    expect(rankCell(999)).toBe('순위없음');
    expect(rankCell(null)).toBe('측정중');
  });

  it('neutralises formulas typed into slot fields', () => {
    const csv = slotsToCsv(
      [
        slot({
          customFields: {
            keywords: '=HYPERLINK("http://x")',
            landingUrl: 'https://www.coupang.com/vp/products/1?itemId=2&vendorItemId=3',
            mid: '@SUM(1)',
          },
          rank: 5,
          yesterday_rank: 7,
          rank_measured_at: '2025-03-01T05:30:00.000Z',
        }),
      ],
      slotListFields(defaultFieldConfigs),
    );
    const [header, line] = csv.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe(
      '슬롯 번호,상태,키워드,URL,MID,상품명,현재 순위,어제 순위,순위 측정 시각,시작일,종료일,등록일,거절 사유',
    );
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain(`'@SUM(1)`);
    // The rank's measured time on the Seoul clock (05:30 UTC is 14:30 KST).
    expect(line).toContain(',5,7,2025-03-01 14:30,2025-03-01,2025-03-30,2025-03-01,');
  });
});
