/** Cash system: the advertiser's balance, charges and history; the operator's charge approval. */
export const cashMessages = {
  disabled: '캐시 시스템이 비활성화되어 있습니다.',
  insufficientBalance: (required: string, balance: string) =>
    `잔액이 부족합니다. 필요 금액: ${required}원, 현재 잔액: ${balance}원`,
  chargeRequestNotFound: '충전 요청을 찾을 수 없습니다.',
  onlyPending: '대기 중인 요청만 승인 또는 거절할 수 있습니다.',
  onlyPendingCancel: '대기 중인 요청만 취소할 수 있습니다.',
  ownRequest: '본인의 충전 요청은 직접 승인하거나 거절할 수 없습니다.',
  chargeRequested: '충전 요청이 완료되었습니다.',
  amountRequired: '충전 금액을 입력해주세요.',
  amountNumeric: '충전 금액은 숫자로 입력해주세요.',
  amountInteger: '충전 금액은 원 단위 정수로 입력해주세요.',
  amountRange: (min: string, max: string) => `충전 금액은 ${min}원 이상 ${max}원 이하로 입력해주세요.`,
  depositAtRequired: '입금 예정일시를 입력해주세요.',
  depositAtInvalid: '입금 예정일시의 형식이 올바르지 않습니다.',
  accountHolderRequired: '입금자명을 입력해주세요.',
  accountHolderTooLong: '입금자명은 50자 이하로 입력해주세요.',
  bonusRange: '보너스 비율은 0에서 100 사이의 정수로 입력해주세요.',
  rejectReasonRequired: '거절 사유를 입력해주세요.',
  idempotencyMismatch: '같은 Idempotency-Key로 다른 요청이 이미 처리되었습니다.',
  approved: '충전 요청이 승인되었습니다.',
  rejected: '충전 요청이 거절되었습니다.',
  cancelled: '충전 요청이 취소되었습니다.',
  /** Ledger guards: a caller passed something the ledger never moves money for. */
  idempotencyKeyInvalid: 'Idempotency-Key가 올바르지 않습니다.',
  amountNotNegative: '금액은 0 이상의 정수여야 합니다.',
  descriptionTooLong: '설명은 500자 이하로 입력해주세요.',
  tooManyLinkedItems: (max: number) => `한 번에 처리할 수 있는 항목은 최대 ${max}개입니다.`,
  /** Ledger entry descriptions shown in the usage history. */
  chargeEntry: '캐시 충전',
  bonusEntry: (percentage: number) => `충전 보너스 (${percentage}%)`,
  chargeAmountLabel: '충전 금액',
  /** The business deposit account on the charge form and page. */
  depositAccountTitle: '입금 계좌',
  depositAccountMissing: '입금 계좌가 아직 등록되지 않았습니다. 입금 전에 운영자에게 계좌를 문의해주세요.',
  depositAccountCopied: '계좌번호를 복사했습니다.',
  depositAccountCopyFailed: '복사하지 못했습니다. 계좌번호를 직접 선택해 복사해주세요.',
} as const;
