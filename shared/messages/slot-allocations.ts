import { formatWonNumber } from '../won';

/**
 * Pre-allocation issuance, its history and extensions. Texts the product was given are used
 * verbatim; the rest follow their tone.
 */
export const allocationMessages = {
  slotCountMin: '슬롯 개수는 1개 이상이어야 합니다.',
  /** The slot-list modal's cap (see 'Pre-allocation counts and durations' in docs/decisions.md). */
  slotCountModalMax: '슬롯 개수는 100개를 초과할 수 없습니다.',
  slotCountMax: '슬롯 개수는 1000개를 초과할 수 없습니다.',
  startDateRequired: '시작일을 입력해주세요.',
  endDateRequired: '종료일을 입력해주세요.',
  dateOrder: '종료일은 시작일보다 늦어야 합니다.',
  workCountMin: '작업 수는 0 이상이어야 합니다.',
  amountMin: '금액은 0 이상이어야 합니다.',
  onlyPreAllocation: '선슬롯 발행은 선슬롯 운영 모드에서만 가능합니다.',
  onlyUsers: '일반 사용자에게만 선슬롯을 발행할 수 있습니다.',
  inactiveUser: '비활성화된 계정에는 선슬롯을 발행할 수 없습니다. 계정을 활성화한 뒤 발행해주세요.',
  issued: '선슬롯 발행이 완료되었습니다.',
  issueFailed: '선슬롯 발행에 실패했습니다.',
  issueError: '선슬롯 발행 중 오류가 발생했습니다.',
  confirmIssue: (count: number, name: string) => `${name}님에게 슬롯 ${count}개를 발행하시겠습니까?`,
  allocationNotFound: '발행 내역을 찾을 수 없습니다.',
  /** Default memo: the issuance's terms in one line. */
  memo: (start: string, end: string, workCount: number, amount: number) =>
    `${start}~${end} · 작업 ${workCount}건 · ${formatWonNumber(amount)}원`,
  testMemo: (start: string, end: string) => `테스트 슬롯 ${start}~${end} (무료)`,
  /** The change-log line of an issued slot. */
  issuedLog: (reason: string, start: string, end: string) =>
    `선슬롯 발행 (${start} ~ ${end})${reason ? `: ${reason}` : ''}`,
  historyEmpty: '발행 내역이 없습니다.',
  historyFailed: '발행 내역을 불러오는데 실패했습니다.',
  paymentConfirm: '결제를 완료 처리하시겠습니까?',
  paymentCancelConfirm: '결제를 취소 처리하시겠습니까?',
  paymentDone: '결제 완료 처리되었습니다.',
  paymentCancelled: '결제 취소 처리되었습니다.',
  paymentFailed: '결제 처리에 실패했습니다.',
  paymentError: '결제 처리 중 오류가 발생했습니다.',
  slotInfoFailed: '슬롯 정보를 불러오는데 실패했습니다.',
  slotInfoError: '슬롯 정보를 불러오는 중 오류가 발생했습니다.',
  noLinkedSlots: '연결된 슬롯이 없습니다.',
} as const;

export const extensionMessages = {
  /** The advertiser's extension history of a slot, when it has none. */
  noHistory: '연장 내역이 없습니다.',
  historyFailed: '연장 내역을 불러오지 못했습니다.',
  historyButton: '연장 내역',
  extensionDays: '연장 기간은 1, 7, 10, 30일 중 하나여야 합니다.',
  extended: (days: number) => `슬롯이 ${days}일 연장되었습니다.`,
  failed: '연장에 실패했습니다.',
  error: '연장 중 오류가 발생했습니다.',
  onlyPreAllocation: '슬롯 연장은 선슬롯 운영 모드에서만 가능합니다.',
  notApproved: '승인된 슬롯만 연장할 수 있습니다.',
  alreadyExtended: '이미 연장된 슬롯입니다.',
  noEndDate: '종료일이 없는 슬롯은 연장할 수 없습니다.',
  tooEarly: (days: number) => `종료일 ${days}일 전부터 연장할 수 있습니다.`,
  noneExtendable: '연장 가능한 슬롯이 없습니다.',
  bulkExtended: (n: number) => `${n}개 슬롯이 연장되었습니다.`,
  bulkPartial: (total: number, ok: number, failed: number) => `전체 ${total}개 중 ${ok}개 연장, ${failed}개 실패`,
  bulkFailed: '슬롯 연장에 실패했습니다.',
  bulkError: '슬롯 연장 중 오류가 발생했습니다.',
  bulkNote: '원본 슬롯과 이전 연장 슬롯을 포함한 모든 슬롯이 연장되며, 연장 기간만큼 새 슬롯이 생성됩니다.',
} as const;

/** Change-log descriptions of an extension (both slots get a line). */
export const extensionLogTexts = {
  parent: (days: number, childNumber: number) => `${days}일 연장 (연장 슬롯 #${childNumber})`,
  child: (days: number, parentNumber: number, start: string, end: string) =>
    `슬롯 #${parentNumber}의 ${days}일 연장 (${start} ~ ${end})`,
  issued: (count: number) => `선슬롯 발행 (${count}개)`,
} as const;
