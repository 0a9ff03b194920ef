/** How old a slot's rank is: the texts every screen that shows a rank uses beside it. */
export const rankFreshnessTexts = {
  delayed: '측정 지연',
  justNow: '방금 측정',
  measuredAgo: (ago: string) => `${ago} 측정`,
  minutesAgo: (n: number) => `${n}분 전`,
  hoursAgo: (n: number) => `${n}시간 전`,
  daysAgo: (n: number) => `${n}일 전`,
  /** The exact time, in a tooltip. */
  measuredAt: (kstTime: string) => `마지막 측정 ${kstTime} (한국 시간)`,
  delayedTitle: (kstTime: string, hours: number) =>
    `${hours}시간 넘게 정상 측정이 없어 현재 순위가 아닐 수 있습니다. 마지막 측정 ${kstTime} (한국 시간)`,
  never: '-',
  neverTitle: '아직 측정된 적이 없습니다.',
  /** The rank history's heading line. */
  currentRank: '현재 순위',
  settingHint:
    '마지막 정상 측정(순위 확인 또는 미노출)이 이 시간보다 오래된 순위는 모든 화면에 "측정 지연"으로 표시됩니다 (1~720, 기본 36).',
} as const;
