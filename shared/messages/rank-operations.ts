import type { FailureReason, RankAlertRule } from '../rank-operations';

/** The rank operations screen and the rank alerts staff receive. */
export const failureReasonLabels: Record<FailureReason, string> = {
  blocked: '차단됨',
  timeout: '시간 초과',
  layout: '페이지 형식 인식 실패',
  load: '페이지 불러오기 실패',
  other: '기타',
};

export const alertRuleLabels: Record<RankAlertRule, string> = {
  workerSilent: '순위 수집기 호출 없음',
  checksFailing: '최근 1시간 측정 실패 과반',
  coverageShort: '오늘 측정 비율 부족',
};

const reasonsText = (failedBy: Partial<Record<FailureReason, number>>) =>
  Object.entries(failedBy)
    .filter(([, n]) => n)
    .map(([r, n]) => `${failureReasonLabels[r as FailureReason]} ${n}건`)
    .join(', ');

export const rankAlertTexts = {
  workerSilent: {
    title: '순위 수집이 멈췄습니다',
    message: (minutes: number | null, due: number) =>
      minutes === null
        ? `순위 수집기가 아직 한 번도 호출하지 않았습니다. 오늘 측정할 키워드·상품 ${due}개가 기다리고 있습니다.`
        : `${minutes}분 넘게 순위 수집기의 호출이 없습니다. 오늘 측정할 키워드·상품 ${due}개가 기다리고 있습니다.`,
  },
  checksFailing: {
    title: '순위 측정 실패가 많습니다',
    message: (checks: number, failed: number, failedBy: Partial<Record<FailureReason, number>>) => {
      const reasons = reasonsText(failedBy);
      return `최근 1시간 순위 측정 ${checks}건 중 ${failed}건이 실패했습니다.${reasons ? ` 오늘의 실패 사유: ${reasons}.` : ''} 수집기가 차단되었는지 확인해 주세요.`;
    },
  },
  coverageShort: {
    title: '오늘 순위 측정이 늦어지고 있습니다',
    message: (hour: number, due: number, checked: number, percent: number) =>
      `${hour}시가 지났는데 오늘 측정할 키워드·상품 ${due}개 중 ${checked}개(${Math.floor((checked * 100) / due)}%)만 측정되었습니다. 기준은 ${percent}%입니다.`,
  },
} as const;
