import type { FieldConfig } from '#shared/field-configs';
import { kstDateTimeOf, kstDayOf, kstToday } from '#shared/kst';
import type { SlotDto } from '#shared/schemas/slots';
import { rankDisplay } from '#shared/slot-status';
import { displayFieldValue } from '@/lib/slots/field-values';
import { fieldValue, productName } from '@/lib/slots/slot-display';
import { toSpreadsheetSafeCsv, type ExportCell } from './spreadsheet-safe';

/** A rank cell: the number when it is a real rank, else the same words the list shows. */
export const rankCell = (rank: number | null): ExportCell => {
  const d = rankDisplay(rank);
  return d.kind === 'rank' ? d.rank : d.text;
};

/**
 * The slot list download: number, status, the configured list fields, product name, today's and
 * yesterday's rank, when the rank was measured (KST), dates. Every text cell is formula-safe (spreadsheet-safe.ts).
 */
export function slotsToCsv(slots: readonly SlotDto[], listFields: readonly FieldConfig[]): string {
  const header = [
    '슬롯 번호',
    '상태',
    ...listFields.map((f) => f.label),
    '상품명',
    '현재 순위',
    '어제 순위',
    '순위 측정 시각',
    '시작일',
    '종료일',
    '등록일',
    '거절 사유',
  ];
  const rows = slots.map((s) => [
    s.slot_number,
    s.displayStatusLabel,
    ...listFields.map((f) => displayFieldValue(f, fieldValue(s, f.field_key))),
    productName(s),
    rankCell(s.rank),
    rankCell(s.yesterday_rank),
    s.rank_measured_at ? kstDateTimeOf(s.rank_measured_at) : '',
    s.startDate ?? '',
    s.endDate ?? '',
    s.createdAt ? kstDayOf(s.createdAt) : '',
    s.rejection_reason ?? '',
  ]);
  return toSpreadsheetSafeCsv(header, rows);
}

export const exportFileName = (today = kstToday()) => `내_슬롯_목록_${today}.csv`;
