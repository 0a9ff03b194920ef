import { formatWonNumber } from '../won';
import { COUPANG_HOST, COUPANG_URL_FORMAT, MAX_KEYWORDS } from '../slot-constants';
import { cashMessages } from './cash';

/**
 * Slots: registration, edits, status changes, field rules and product URLs, for owners and staff.
 * One file, so every slot text is found in one place.
 */

export const slotMessages = {
  invalidPrice: '올바른 가격을 입력해주세요.',
  /** Approving a slot paid from the balance at a price other than what was paid (the cash system on). */
  approvePaidPriceOnly: (paid: number) =>
    `캐시로 결제된 가격(${formatWonNumber(paid)}원)으로만 승인할 수 있습니다. ` +
    '다른 가격은 승인 후 가격 수정에서 바꿔주세요. 차액은 캐시로 정산되어 내역에 남습니다.',
  rejectionReasonRequired: '거절 사유를 입력해주세요.',
  noRows: '등록할 슬롯 데이터를 입력해주세요.',
  fixErrorsFirst: '입력 오류를 먼저 수정해주세요.',
  tooManyRows: (max: number) => `한 번에 최대 ${max}개까지 등록할 수 있습니다.`,
  selectSlots: '수정할 슬롯을 선택해주세요.',
  tooManySelected: (max: number) => `한 번에 최대 ${max}개의 슬롯까지 수정할 수 있습니다.`,
  slotNotFound: '슬롯을 찾을 수 없습니다.',
  notOwner: '본인의 슬롯만 사용할 수 있습니다.',
  maxSlots: (max: number, current: number) =>
    `슬롯은 사용자당 최대 ${formatWonNumber(max)}개까지 보유할 수 있습니다. (현재 ${formatWonNumber(current)}개)`,
  /** The cash module's text, with won numbers: '잔액이 부족합니다. 필요 금액: X원, 현재 잔액: Y원'. */
  insufficientBalance: (required: number, balance: number) =>
    cashMessages.insufficientBalance(formatWonNumber(required), formatWonNumber(balance)),
  /** Single registration button text when the balance is below the slot price. */
  cashShort: (balance: number) => `캐시가 부족합니다. 현재 잔액: ${formatWonNumber(balance)}원`,
  registrationInPreAllocation: '선슬롯 운영 모드에서는 슬롯을 직접 등록할 수 없습니다. 발행된 슬롯에 입력해주세요.',
  /** After a single registration: waiting for approval, or running at once (slotAutoApproval). */
  registeredPending: '슬롯이 신청되었습니다. 관리자 승인 후 진행됩니다.',
  registered: '슬롯이 등록되었습니다.',
  bulkRowFailed: (row: number) => `행 ${row}: 등록 실패`,
  bulkSucceeded: (n: number) => `${n}개 슬롯이 성공적으로 등록되었습니다.`,
  bulkPartial: (ok: number, failed: number) => `${ok}개 성공, ${failed}개 실패`,
  bulkAllFailed: '모든 슬롯 등록이 실패했습니다.',
  bulkUpdated: '일괄 수정이 완료되었습니다.',
  bulkUpdateFailed: '일괄 수정에 실패했습니다.',
  bulkUpdateError: '일괄 수정 중 오류가 발생했습니다.',
  /** A refused edit reads '수정 실패: {reason}' ('저장 실패: …' when filling an empty slot). */
  editRefused: (reason: string, fill = false) => `${fill ? '저장 실패' : '수정 실패'}: ${reason}`,
  editError: (fill = false) => (fill ? '저장 중 오류가 발생했습니다.' : '수정 중 오류가 발생했습니다.'),
  slotUpdated: '슬롯이 성공적으로 수정되었습니다.',
  rankDataDeleted: '순위 정보가 초기화되었습니다.',
  datesStaffOnly: '기간은 관리자만 변경할 수 있습니다.',
  dateOrder: '종료일은 시작일보다 늦어야 합니다.',
  rankHistoryRange: '조회 기간은 최대 1년(366일)까지 선택할 수 있습니다.',
  dateFormat: '날짜는 YYYY-MM-DD 형식으로 입력해주세요.',
  bulkSelectable: '선택할 수 없는 슬롯이 포함되어 있습니다. (입력대기 또는 진행중이며 종료되지 않은 슬롯만 가능)',
} as const;

export const slotStatusMessages = {
  pauseOnlyActive: '진행대기 또는 진행중인 슬롯만 일시정지할 수 있습니다.',
  resumeOnlyPaused: '일시정지된 슬롯만 재개할 수 있습니다.',
  resumeStaffHeld: '관리자가 일시정지한 슬롯은 관리자만 재개할 수 있습니다. 재개가 필요하면 관리자에게 문의해주세요.',
  /** Beside the status of a slot staff paused, in the owner's list. */
  pausedByStaffNote: '관리자 일시정지',
  notApproved: '승인되지 않은 슬롯은 진행할 수 없습니다.',
  restoreStaffOnly: '삭제된 슬롯은 관리자만 복구할 수 있습니다.',
  deleteNotAllowed: '거절, 만료, 환불 또는 완료된 슬롯만 삭제할 수 있습니다.',
  alreadyDeleted: '이미 삭제된 슬롯입니다.',
  editNotAllowed: '승인대기, 진행중 또는 일시정지 상태의 슬롯만 수정할 수 있습니다.',
  fillOnlyEmpty: '입력대기 상태의 슬롯만 입력할 수 있습니다.',
  approveOnlyPending: '승인대기 상태의 슬롯만 승인하거나 거절할 수 있습니다.',
  completedSlot: '완료된 슬롯은 변경할 수 없습니다.',
} as const;

export const slotFieldMessages = {
  keywordRequired: '키워드는 필수 입력 항목입니다.',
  urlRequired: 'URL은 필수 입력 항목입니다.',
  required: (label: string) => `${label}은(는) 필수 입력 항목입니다.`,
  tooManyKeywords: `키워드는 최대 ${MAX_KEYWORDS}개까지 입력할 수 있습니다.`,
  digitsOnly: (label: string) => `${label}은(는) 숫자만 입력할 수 있습니다.`,
  email: (label: string) => `${label}의 이메일 형식이 올바르지 않습니다.`,
  url: (label: string) => `${label}은(는) http:// 또는 https://로 시작하는 주소여야 합니다.`,
  date: (label: string) => `${label}은(는) YYYY-MM-DD 형식으로 입력해주세요.`,
  boolean: (label: string) => `${label}은(는) 예(true) 또는 아니오(false)로 입력해주세요.`,
  /** A select value outside the field's options. */
  notAnOption: (label: string, options: readonly string[]) =>
    `${label}은(는) 다음 중 하나를 선택해주세요: ${options.join(', ')}`,
  tooLong: (label: string, max: number) => `${label}은(는) ${max}자 이하로 입력해주세요.`,
  notText: (label: string) => `${label}의 형식이 올바르지 않습니다.`,
  fillAtLeastOne: '최소 하나 이상의 필드를 입력해주세요.',
  noEnabledFields: '활성화된 입력 필드가 없습니다.',
  /** Inline row and bulk input summaries. */
  checkRequired: '필수 입력 항목을 확인해주세요.',
  noInput: '입력된 데이터가 없습니다.',
  bulkEditEmpty: '수정할 내용을 입력해주세요.',
} as const;

/**
 * How select and boolean values read on screen. Apart from slotFieldMessages so the
 * server bundles, which never show them, leave them out.
 */
export const fieldValueTexts = {
  yes: '예',
  no: '아니오',
  chooseOption: '선택하세요',
  staleOption: (value: string) => `${value} (목록에 없는 값)`,
} as const;

/** The rank history's load failure: refused, or no answer ('조회 중 오류' variant). Web only. */
export const rankHistoryTexts = {
  loadFailed: '순위 히스토리 조회에 실패했습니다.',
  loadError: '순위 히스토리 조회 중 오류가 발생했습니다.',
} as const;

export const coupangUrlMessages = {
  required: 'URL은 필수 입력 항목입니다.',
  /** The product's given wording, kept verbatim ('URL은 http:// 또는 {host} 시작해야 합니다.'). */
  scheme: `URL은 http:// 또는 ${COUPANG_HOST} 시작해야 합니다.`,
  onlyCoupang: '쿠팡 URL만 허용됩니다.',
  productPath: `올바른 쿠팡 상품 URL 형식이 아닙니다. 올바른 형식: ${COUPANG_URL_FORMAT}`,
  requiredParams: `쿠팡 URL에는 itemId와 vendorItemId 파라미터가 필요합니다. 올바른 형식: ${COUPANG_URL_FORMAT}`,
  numericParams: `itemId와 vendorItemId는 숫자여야 합니다. 올바른 형식: ${COUPANG_URL_FORMAT}`,
  /** Bulk edit's summary alert when any URL is wrong. */
  checkFormat: 'URL 형식을 확인해주세요.',
} as const;

/** The question before a keyword or URL change; what is lost comes from the server (rankResetWarning). */
export const rankResetTexts = {
  title: '순위 정보 초기화',
  counting: '초기화될 순위 히스토리를 확인하는 중입니다...',
  generic: '키워드 또는 URL을 변경하면 이 슬롯의 기존 순위 정보와 순위 히스토리가 초기화됩니다.',
  countFailed: '(삭제될 순위 히스토리 일수를 확인하지 못했습니다.)',
  proceed: '계속하시겠습니까?',
  confirm: '변경하고 저장',
} as const;

/** Slot reads refused to advertisers, and what a keyword or URL change would reset. */
export const slotQueryMessages = {
  searchTypeInvalid: '검색 유형이 올바르지 않습니다.',
  pageSizeInvalid: (sizes: readonly number[]) => `페이지 크기는 ${sizes.join(', ')} 중 하나여야 합니다.`,
  rankResetWarning: (days: number) =>
    `키워드 또는 URL을 변경하면 기존 순위 정보(현재 순위, 어제 순위, 최초 순위, 순위 히스토리 ${days}일)가 초기화됩니다.`,
  noRankData: '초기화할 순위 정보가 없습니다.',
  slotNumberInvalid: '슬롯 번호는 1 이상의 숫자로 입력해 주세요.',
} as const;

/** Lines of a slot's change log and of the usage history that slot payments write. */
export const slotLogTexts = {
  registered: '슬롯 등록',
  bulkRegistered: (n: number) => `슬롯 대량 등록 ${n}개`,
  approved: (price: number, startDate: string, endDate: string) =>
    `승인 (${formatWonNumber(price)}원, ${startDate} ~ ${endDate})`,
  rejected: (statusLabel: string, reason: string) => `${statusLabel}: ${reason}`,
  rejectRefund: (slotNumber: number) => `슬롯 거절 환불 (#${slotNumber})`,
  filled: '빈 슬롯 입력',
  fieldUpdated: '필드 수정',
  rankResetByChange: '키워드 또는 URL 변경으로 순위 정보 초기화',
  rankReset: '순위 정보 초기화',
  periodEdited: '기간 수정',
  statusMoved: (from: string, to: string) => `${from} → ${to}`,
  restored: (from: string, to: string) => `${from} → ${to} (복구)`,
  movedByCalendar: (from: string, to: string) => `${from} → ${to} (기간에 따른 자동 변경)`,
  expiredUnfilled: (end: string) => `입력대기 → 만료 (종료일 ${end}까지 입력되지 않음)`,
  /** The '만료 예정' notice (recorded on the slot; sent through notifications once they exist). */
  expiryNotice: (slotNumber: number, end: string, daysLeft: number) =>
    `만료 예정: 슬롯 #${slotNumber}이(가) ${daysLeft}일 후(${end}) 종료됩니다.`,
  /** Who a scheduled job's log lines name. */
  system: '시스템',
} as const;

/**
 * The confirmations and outcomes of the status actions on both screens: an
 * owner's delete of a finished slot in My slots, and staff pause / resume / delete / restore in the
 * console's row menu. Failures show the server's text when it sent one: it says why, ours only that it failed.
 */
export const slotActionTexts = {
  pauseTitle: '슬롯 일시정지',
  pauseConfirm: '이 슬롯을 일시정지하시겠습니까? 일시정지해도 만료일은 변경되지 않습니다.',
  pauseLabel: '일시정지',
  resumeTitle: '슬롯 재개',
  resumeConfirm: '일시정지된 슬롯을 다시 진행하시겠습니까?',
  resumeLabel: '재개',
  deleteTitle: '슬롯 삭제',
  deleteLabel: '삭제',
  /** Owner: a finished slot leaves My slots; only an operator can bring it back. */
  deleteConfirm: (slotNumber: number) =>
    `슬롯 #${slotNumber}을(를) 삭제하시겠습니까? 삭제한 슬롯은 목록에서 사라지며, 복구는 관리자에게 요청해야 합니다.`,
  deleteManyConfirm: (count: number) =>
    `선택한 슬롯 ${count}개를 삭제하시겠습니까? 삭제한 슬롯은 목록에서 사라지며, 복구는 관리자에게 요청해야 합니다.`,
  /** Staff: the slot moves to the 삭제됨 tab, from where it can be restored. */
  deleteConfirmStaff: (slotNumber: number) =>
    `슬롯 #${slotNumber}을(를) 삭제하시겠습니까? 삭제된 슬롯은 '삭제됨' 탭에서 복구할 수 있습니다.`,
  restoreTitle: '슬롯 복구',
  restoreLabel: '복구',
  restoreConfirm: (slotNumber: number) =>
    `삭제된 슬롯 #${slotNumber}을(를) 복구하시겠습니까? 삭제 전 상태로 돌아갑니다.`,
  deleteOnlyFinished: '거절, 만료 또는 완료된 슬롯만 삭제할 수 있습니다.',
  deleted: '슬롯이 삭제되었습니다.',
  deletedMany: (count: number) => `슬롯 ${count}개가 삭제되었습니다.`,
  deletedPartly: (ok: number, failed: number) => `슬롯 ${ok}개를 삭제했고 ${failed}개는 삭제하지 못했습니다.`,
  restored: '슬롯이 복구되었습니다.',
  paused: '슬롯이 일시정지되었습니다.',
  resumed: '슬롯이 재개되었습니다.',
  deleteFailed: '슬롯 삭제에 실패했습니다.',
  restoreFailed: '슬롯 복구에 실패했습니다.',
  pauseFailed: '슬롯 일시정지에 실패했습니다.',
  resumeFailed: '슬롯 재개에 실패했습니다.',
} as const;

/** Impressions, clicks and CTR in My slots and the rank history. */
export const slotMetricTexts = {
  impressions: '노출',
  clicks: '클릭',
  ctr: 'CTR',
  rangeTotal: '기간 합계',
} as const;

/** Inline row edit in My slots. */
/** Excel upload into the bulk grid: .xlsx and .xls, at most 5 MB, the first row is the header. */
export const excelImportMessages = {
  type: '엑셀 파일(.xlsx, .xls)만 업로드할 수 있습니다.',
  size: '파일 크기는 5MB 이하여야 합니다.',
  read: '파일을 읽는 중 오류가 발생했습니다.',
  parse: '엑셀 파일을 해석하지 못했습니다. 파일 형식을 확인해주세요.',
  empty: '엑셀 파일에 등록할 데이터가 없습니다. (첫 행은 머리글로 제외됩니다)',
} as const;

export const inlineEditTexts = {
  required: '필수 입력',
  checkRequired: '필수 입력 항목을 확인해주세요.',
  quickEdit: '빠른 수정',
  save: '저장',
  cancel: '취소',
  help: 'Enter 저장 · Esc 취소',
} as const;
