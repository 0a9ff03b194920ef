import { formatWonNumber as won } from '../won';

/**
 * What features tell people through notify(): each event's Korean title and message,
 * one export per event so a feature's Lambda bundles only its own texts. Actions point at the page
 * where the person sees the change.
 */
export const chargeApprovedText = {
  title: '충전 승인',
  message: (amount: number, bonus: number) =>
    `${won(amount)}원 충전이 승인되었습니다.${bonus > 0 ? ` 보너스 ${won(bonus)}원이 함께 적립되었습니다.` : ''}`,
} as const;

export const chargeRejectedText = {
  title: '충전 거절',
  message: (amount: number, reason: string) =>
    `${won(amount)}원 충전 요청이 거절되었습니다.${reason ? ` 사유: ${reason}` : ''}`,
} as const;

export const slotApprovedText = {
  title: '슬롯 승인',
  message: (slotNumber: number, keyword: string, start: string, end: string) =>
    `슬롯 #${slotNumber}${keyword ? `(${keyword})` : ''}이(가) 승인되었습니다. 기간: ${start} ~ ${end}`,
} as const;

export const slotRejectedText = {
  title: '슬롯 반려',
  message: (slotNumber: number, keyword: string, reason: string) =>
    `슬롯 #${slotNumber}${keyword ? `(${keyword})` : ''}이(가) 반려되었습니다.${reason ? ` 사유: ${reason}` : ''}`,
} as const;

export const slotRefundedText = {
  title: '슬롯 환불',
  message: (slotNumber: number, keyword: string, amount: number) =>
    `슬롯 #${slotNumber}${keyword ? `(${keyword})` : ''}이(가) 환불 처리되었습니다.${amount > 0 ? ` 환불 금액: ${won(amount)}원` : ''}`,
} as const;

export const slotPriceChangedText = {
  title: '슬롯 가격 변경',
  message: (slotNumber: number, keyword: string, from: number, to: number, settlement: string, amount: number) =>
    `슬롯 #${slotNumber}${keyword ? `(${keyword})` : ''}의 가격이 ${won(from)}원에서 ${won(to)}원으로 변경되었습니다.` +
    (settlement === 'charge'
      ? ` 차액 ${won(amount)}원이 캐시에서 차감되었습니다.`
      : settlement === 'return'
        ? ` 차액 ${won(amount)}원이 캐시로 반환되었습니다.`
        : ''),
} as const;

export const slotExtendedText = {
  title: '슬롯 연장',
  message: (slotNumber: number, days: number, start: string, end: string) =>
    `슬롯이 ${days}일 연장되었습니다. 새 슬롯 #${slotNumber}, 기간: ${start} ~ ${end}`,
} as const;

export const slotsExtendedText = {
  title: '슬롯 연장',
  message: (count: number, days: number) => `슬롯 ${count}개가 ${days}일 연장되었습니다.`,
} as const;

export const slotsAllocatedText = {
  title: '슬롯 발급',
  message: (count: number, start: string, end: string) => `슬롯 ${count}개가 발급되었습니다. 기간: ${start} ~ ${end}`,
} as const;

export const rankMovedText = {
  title: '순위 변동 알림',
  message: (keyword: string, from: number | null, to: number) =>
    from === null
      ? `'${keyword}' 상품이 ${to}위로 검색 결과에 나타났습니다.`
      : `'${keyword}' 순위가 ${from}위에서 ${to}위로 ${to < from ? '올랐' : '내려갔'}습니다.`,
} as const;

export const rankOutText = {
  title: '순위 이탈 알림',
  message: (keyword: string, from: number | null) =>
    `'${keyword}' 상품이 검색 결과에서 사라졌습니다.${from !== null ? ` (이전 ${from}위)` : ''}`,
} as const;

export const expiryNoticeText = {
  title: '만료 예정',
} as const;

export const reconcileDriftText = {
  title: '캐시 원장 불일치',
  message: (users: number) => `캐시 원장 점검에서 ${users}명의 잔액이 원장과 맞지 않습니다. 확인이 필요합니다.`,
} as const;

export const notificationActionLabels = {
  cashHistory: '캐시 내역 보기',
  slots: '슬롯 보기',
} as const;
