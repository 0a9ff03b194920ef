/**
 * Korean texts shared by the server and the SPA, one file per feature. Texts the product was given in
 * Korean are kept verbatim; where it was given only an English gist, the Korean wording here is our own.
 */

export const commonMessages = {
  validation: '입력값을 확인해주세요.',
  notFound: '요청한 항목을 찾을 수 없습니다.',
  routeNotFound: '요청한 주소를 찾을 수 없습니다.',
  /** A request that did not come through CloudFront (the origin lock). */
  originRefused: '허용되지 않은 경로로 들어온 요청입니다.',
  methodNotAllowed: '허용되지 않은 요청 방식입니다.',
  internal: '서버 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  network: '서버와의 통신 중 오류가 발생했습니다.',
  /** No answer within the client's time limit. */
  timeout: '서버 응답 시간이 초과되었습니다. 잠시 후 다시 시도해주세요.',
  invalidJson: '요청 본문이 올바른 JSON 형식이 아닙니다.',
  nestedTooDeep: (max: number) =>
    `요청 본문의 구조가 너무 깊습니다. 배열과 객체는 ${max}단계까지만 중첩할 수 있습니다.`,
  /** Free JSON the store cannot keep (shared/schemas/storable-json.ts). */
  storableNumber: (label: string) =>
    `${label}에 저장할 수 없는 숫자가 있습니다. 정수는 ±9,007,199,254,740,991 이내, 소수는 절댓값 1e-130 이상으로 보내주세요.`,
  storableEmptyKey: (label: string) => `${label}에 이름이 빈 항목("")이 있습니다.`,
  storableReservedKey: (label: string, key: string) => `${label}에 쓸 수 없는 항목 이름 '${key}'이(가) 있습니다.`,
  storableTooDeep: (label: string, max: number) => `${label}은(는) ${max}단계까지만 중첩할 수 있습니다.`,
  storableType: (label: string) => `${label}의 형식이 올바르지 않습니다.`,
  payloadTooLarge: '요청이 너무 큽니다. 1MB 이하로 나누어 보내주세요.',
  busy: '요청이 많아 처리하지 못했습니다. 잠시 후 다시 시도해주세요.',
  tooManyRequests: '짧은 시간에 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  conflict: '다른 요청과 충돌했습니다. 다시 시도해주세요.',
  unavailable: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해주세요.',
  idempotencyKeyReused: '같은 Idempotency-Key로 다른 요청이 이미 처리되었습니다. 새 요청에는 새 키를 보내주세요.',
  requestInProgress:
    '같은 Idempotency-Key의 요청을 아직 처리하고 있습니다. 잠시 후 같은 키로 다시 보내면 그 결과를 받습니다.',
  idempotencyKeyInvalid: 'Idempotency-Key 헤더가 올바르지 않습니다. 영문, 숫자, 기호로 된 1~200자로 보내주세요.',
  settingsLoadFailed: '설정을 불러오는데 실패했습니다.',
  settingNotFound: '존재하지 않는 설정입니다.',
  settingsCategoryNotFound: '존재하지 않는 설정 분류입니다.',
  unknownError: '알 수 없는 오류',
  /** Also `userMessages.userNotFound`; here so code that needs only this text bundles no user-management messages. */
  userNotFound: '사용자를 찾을 수 없습니다.',
} as const;

/** Korean labels for request fields, used to name the wrong field in a 400. */
export const fieldLabels: Record<string, string> = {
  email: '아이디',
  password: '비밀번호',
  currentPassword: '현재 비밀번호',
  confirmPassword: '비밀번호 확인',
  fullName: '이름',
  refreshToken: '리프레시 토큰',
  targetUserId: '전환할 사용자',
  phone: '전화번호',
  category: '설정 분류',
  key: '설정 키',
  page: '페이지',
  limit: '페이지 크기',
  amount: '금액',
  depositAt: '입금 예정일시',
  accountHolder: '입금자명',
  bonusPercentage: '보너스 비율',
  reason: '사유',
  status: '상태',
  type: '유형',
  userId: '사용자',
  // slots
  keyword: '키워드',
  keywords: '키워드',
  url: 'URL',
  landingUrl: 'URL',
  mid: 'MID',
  customFields: '입력 항목',
  rows: '등록할 행',
  slotIds: '선택한 슬롯',
  updates: '수정 내용',
  approved: '승인 여부',
  approvedPrice: '승인 가격',
  rejectionReason: '거절 사유',
  startDate: '시작일',
  endDate: '종료일',
  dateFrom: '등록 시작일',
  dateTo: '등록 종료일',
  workFrom: '작업 시작일',
  workTo: '작업 종료일',
  search: '검색어',
  productName: '상품명',
  user: '사용자 ID',
  slotNumber: '슬롯 번호',
  searchType: '검색 유형',
  sortBy: '정렬 기준',
  sortOrder: '정렬 순서',
  hideExpired: '만료 숨기기',
  // users (operator console user management)
  role: '역할',
  isActive: '활성 상태',
  // second factor
  code: '인증 코드',
  recoveryCode: '복구 코드',
  challenge: '로그인 인증',
};
