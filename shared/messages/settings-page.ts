/**
 * Korean texts of the system settings page: each tab says it saved or failed to save ('theme settings
 * saved' / 'failed to save theme settings', the same for business, feature and field; site info saved
 * / 'save failed'). The server's own settings texts live with the settings routes.
 */
export const settingsTabLabels = {
  theme: '테마',
  field: '필드',
  business: '비즈니스',
  feature: '기능',
} as const;

export type SettingsTabId = keyof typeof settingsTabLabels;

export const settingsPageMessages = {
  saved: (tab: SettingsTabId) => `${settingsTabLabels[tab]} 설정이 저장되었습니다.`,
  saveFailed: (tab: SettingsTabId) => `${settingsTabLabels[tab]} 설정 저장에 실패했습니다.`,
  siteInfoSaved: '사이트 정보가 저장되었습니다.',
  siteInfoSaveFailed: '저장에 실패했습니다.',
  nothingChanged: '변경된 내용이 없습니다.',
  fieldKeyTaken: '이미 있는 필드 키입니다.',
  fieldTypeFixed: '슬롯 등록에 필요한 필드라 입력 형식을 바꿀 수 없습니다.',
  fieldsReset: '필드 설정을 기본값으로 되돌렸습니다.',
  fieldsResetFailed: '필드 설정 초기화에 실패했습니다.',
  reverted: (label: string) => `'${label}' 변경을 되돌렸습니다.`,
  revertFailed: '변경을 되돌리지 못했습니다.',
  historyLoadFailed: '변경 이력을 불러오지 못했습니다.',
  fieldsLoadFailed: '필드 설정을 불러오지 못했습니다.',
} as const;

/** Korean names of the settings, as the page and the change history show them. */
export const settingLabels: Record<string, string> = {
  useCashSystem: '캐시 시스템 사용',
  cashChargeMode: '캐시 충전 방식',
  defaultSlotPrice: '기본 슬롯 가격 (원)',
  minCashCharge: '최소 충전 금액 (원)',
  maxCashCharge: '최대 충전 금액 (원)',
  maxSlotsPerUser: '사용자당 최대 슬롯 수',
  slotAutoApproval: '슬롯 자동 승인',
  cashAutoApproval: '캐시 충전 자동 승인',
  maintenanceMode: '점검 모드',
  registrationEnabled: '회원가입 허용',
  slotOperationMode: '슬롯 운영 방식',
  defaultSlotAllocation: '기본 발행 슬롯 수',
  slotDurationDays: '슬롯 기본 기간 (일)',
  depositBankName: '입금 은행',
  depositAccountNumber: '입금 계좌번호',
  depositAccountHolder: '입금 계좌 예금주',
  rankDelayHours: '순위 측정 지연 기준 (시간)',
  siteName: '사이트 이름',
  siteTitle: '사이트 제목',
  logoUrl: '로고 이미지 URL',
  globalTheme: '테마',
  globalLayout: '레이아웃',
  layoutSidebarWidth: '사이드바 너비',
  layoutContentWidth: '본문 너비',
  layoutPadding: '본문 여백',
  chatEnabled: '1:1 채팅 사용',
  chatMaxMessages: '채팅 최대 메시지 수',
  chatSoundEnabled: '채팅 알림음',
  notificationEnabled: '알림 사용',
  notificationSound: '알림음',
  notificationAutoRead: '알림 자동 읽음',
  notificationDuration: '알림 표시 시간 (ms)',
  featureCashHistory: '캐시 내역 메뉴',
  featureRanking: '성과 랭킹 메뉴',
  featureSlotManagement: '슬롯 관리 메뉴',
  staffSecondFactorRequired: '직원 2단계 인증 필수',
  rankAlertSilenceMinutes: '순위 수집 중단 경보 (분)',
  rankCoverageAlertHour: '순위 측정 현황 경보 시각 (한국 시간, 시)',
  rankCoverageMinPercent: '순위 측정 최소 비율 (%)',
};

/**
 * Help under the feature settings: what chat and notification settings do, and how a
 * user's own notification preferences (stored in their browser) meet the operator's values.
 */
export const featureSettingHints = {
  /** The feature card's description: one line on how the two combine. */
  notificationScope:
    '알림 표시 시간은 운영자 값이 기본이고 사용자가 직접 고른 값이 우선합니다. 알림 사용·알림음·자동 읽음은 운영자가 끄면 모든 사용자에게 꺼집니다.',
  chatMaxMessages:
    '대화창에 보이는 최근 메시지 수 (1~10,000). 더 오래된 메시지는 보이지 않고, 처음에는 최대 100개까지 불러옵니다.',
  chatSoundEnabled:
    '새 채팅 메시지가 오면 짧은 소리를 냅니다. 광고주는 상담원의 답을, 운영자는 고객의 메시지를 듣습니다.',
  notificationAutoRead: '켜면 사용자가 본 알림 팝업(표시 시간이 끝나 닫혔거나 직접 닫은 것)을 읽음으로 처리합니다.',
  notificationDuration: '알림 팝업이 떠 있는 기본 시간 (1,000~30,000ms). 오류와 중요 알림은 10초입니다.',
  rankAlertSilenceMinutes:
    '측정할 키워드가 있는데 이 시간(5~1,440분) 동안 어떤 순위 수집기도 호출하지 않으면 운영자와 개발자에게 한 번 알립니다.',
  rankCoverageAlertHour:
    '이 시각(0~23시) 이후에도 오늘 측정한 키워드·상품 비율이 아래 값보다 낮으면 그날 한 번 알립니다.',
  rankCoverageMinPercent: '위 시각까지 측정되어 있어야 하는 오늘 키워드·상품의 비율 (1~100%).',
  staffSecondFactorRequired:
    '켜면 운영자와 개발자는 비밀번호와 인증 앱 코드로 로그인하고, 등록 전에는 등록 말고는 아무것도 할 수 없습니다. 바꾸려면 15분 안에 확인한 인증 코드가 필요합니다.',
} as const;

/** Korean names of the enum values shown in selects and in the history. */
export const settingValueLabels: Record<string, string> = {
  simple: '심플',
  modern: '모던',
  luxury: '럭셔리',
  classic: '클래식',
  minimal: '미니멀',
  dashboard: '대시보드',
  modal: '팝업 창',
  page: '별도 페이지',
  normal: '일반',
  'pre-allocation': '선슬롯 발행',
  preset: '레이아웃 기본값',
  narrow: '좁게',
  wide: '넓게',
  full: '화면 전체',
  container: '기본 폭',
  none: '없음',
  large: '넓게',
};

/** The layout options' preview on the theme tab. */
export const layoutPreviewMessages = {
  live: '레이아웃 옵션은 저장하기 전까지 지금 이 화면에만 미리 적용됩니다.',
  hints: {
    layoutSidebarWidth: '좁게 224px · 일반 260px · 넓게 300px (레이아웃 기본값: 대시보드는 넓게, 그 외 일반)',
    layoutContentWidth:
      '화면 전체 · 기본 폭 1280px · 좁게 880px (레이아웃 기본값: 대시보드는 화면 전체, 그 외 기본 폭)',
    layoutPadding: '없음 0 · 일반 28px · 넓게 40px (레이아웃 기본값: 미니멀은 넓게, 그 외 일반)',
  },
} as const;

export const fieldTypeLabels: Record<string, string> = {
  text: '텍스트',
  textarea: '여러 줄 텍스트',
  url: 'URL',
  email: '이메일',
  number: '숫자',
  select: '선택',
  date: '날짜',
  boolean: '예/아니오',
};
