/** Memo column: 20 characters, the rest on hover, so a long memo does not widen the table. */
const MEMO_MAX = 20;
export const truncate = (text: string, max = MEMO_MAX) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The issuance modal's status names: active, waiting (pending), paused, rejected, else the raw value. */
export function allocationSlotStatusLabel(slot: { status: string; endDate: string | null }, today: string): string {
  if (slot.status === 'active' && slot.endDate && slot.endDate < today) return '완료';
  const labels: Record<string, string> = {
    active: '진행중',
    pending: '대기',
    paused: '일시정지',
    rejected: '거절',
    empty: '입력대기',
    waiting: '진행대기',
    completed: '완료',
  };
  return labels[slot.status] ?? slot.status;
}
