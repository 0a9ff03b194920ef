/** Rank alerts (the product's own addition): the advertiser's "tell me when the rank moves" texts. */
export const rankAlertMessages = {
  moveByRange: (min: number, max: number) => `순위 변동 폭은 ${min}에서 ${max} 사이의 정수로 입력해주세요.`,
  whenOutType: '순위권 이탈 알림 여부를 선택해주세요.',
  saved: '순위 알림이 설정되었습니다.',
  cleared: '순위 알림이 해제되었습니다.',
  /** The badge on a slot: the latest alert. */
  moved: (from: number, to: number) => `순위 ${from} → ${to}`,
  out: (from: number | null) => (from ? `순위 ${from} → 순위권 이탈` : '순위권 이탈'),
} as const;
