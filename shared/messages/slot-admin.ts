import { formatWonNumber } from '../won';

/** Operator slot management: refunds, system stats, extension. */
export const slotAdminMessages = {
  refundReasonRequired: '환불 사유를 입력해주세요.',
  refundDone: '환불 처리가 완료되었습니다.',
  refundFailed: '환불 처리 실패',
  refundError: '환불 처리 중 오류가 발생했습니다.',
  alreadyRefunded: '이미 환불된 슬롯입니다.',
  refundNotCompleted: '완료된 슬롯은 환불할 수 없습니다.',
  refundNotWaiting: '진행대기 중인 슬롯은 환불할 수 없습니다.',
  refundOnlyRunning: '진행중 또는 일시정지 상태의 슬롯만 환불할 수 있습니다.',
  refundOnlyRunningOrEmpty: '진행중, 일시정지 또는 입력대기 상태의 슬롯만 환불할 수 있습니다.',
  slotSaved: '슬롯이 성공적으로 수정되었습니다.',
  saveFailed: (error: string) => `저장 실패: ${error}`,
  saveError: '저장 중 오류가 발생했습니다.',
  extendFailed: '연장에 실패했습니다.',
  extendError: '연장 중 오류가 발생했습니다.',
  extended: (days: number) => `슬롯이 ${days}일 연장되었습니다.`,
  approved: '슬롯이 승인되었습니다.',
  rejected: '슬롯이 거절되었습니다.',
  approveFailed: '승인 처리에 실패했습니다.',
  /** The approve dialog of a slot paid from the balance: the price it paid is the approved price. */
  approvePaidPrice: '승인 가격 (캐시로 결제된 가격)',
  approveOtherPrice: (priceEditLabel: string) =>
    `다른 가격은 승인 후 '${priceEditLabel}'에서 바꿀 수 있습니다. 차액은 광고주 캐시로 정산되어 캐시 내역에 남습니다.`,
  approveError: '승인 처리 중 오류가 발생했습니다.',
  rejectFailed: '거절 처리에 실패했습니다.',
  rejectError: '거절 처리 중 오류가 발생했습니다.',
  logsFailed: '변경 이력을 불러오는데 실패했습니다.',
  noLogs: '변경 이력이 없습니다.',
  previewFailed: '환불 금액을 계산하지 못했습니다.',
  listFailed: '슬롯 목록을 불러오는데 실패했습니다.',
  /** The slot console filtered to one user (a link from the customer view or user management). */
  userFilter: (name: string, login: string) => `${name} (${login}) 님의 슬롯만 표시 중`,
  userFilterUnknown: (userId: string) => `사용자 ${userId}의 슬롯만 표시 중`,
  userFilterClear: '사용자 필터 해제',
  userFilterLabel: '사용자 필터',
  userSlotsOpenConsole: '슬롯 관리에서 보기',
  userSlotsCountFailed: '슬롯 현황을 불러오지 못했습니다.',
  userSlotsListLabel: '고객 슬롯 목록',
  priceEditNotAllowed: '진행대기, 진행중 또는 일시정지 상태의 승인된 슬롯만 가격을 변경할 수 있습니다.',
} as const;

/** Change-log and usage-history lines a refund writes. */
export const slotRefundTexts = {
  ledger: (slotNumber: number) => `슬롯 환불 (#${slotNumber})`,
  log: (statusLabel: string, reason: string, amount: number) =>
    `${statusLabel}: ${reason} (${formatWonNumber(amount)}원)`,
} as const;

/** A price edit after approval (docs/data-model.md "Price edit"): its log line and usage-history lines. */
export const slotPriceTexts = {
  log: (from: number, to: number, settlement: 'charge' | 'return' | 'none', amount: number) =>
    `가격 변경: ${formatWonNumber(from)}원 → ${formatWonNumber(to)}원` +
    (settlement === 'charge'
      ? ` (차액 ${formatWonNumber(amount)}원 차감)`
      : settlement === 'return'
        ? ` (차액 ${formatWonNumber(amount)}원 반환)`
        : ''),
  charge: (slotNumber: number) => `슬롯 가격 변경 차액 (#${slotNumber})`,
  return: (slotNumber: number) => `슬롯 가격 변경 차액 반환 (#${slotNumber})`,
} as const;
