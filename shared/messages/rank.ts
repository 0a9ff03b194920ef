/** Rank tracking: worker keys, the work list, observations. */
export { rankAuthMessages } from './rank-auth';

export const rankMessages = {
  workerKeyNotFound: '작업자 API 키를 찾을 수 없습니다.',
  workerKeyNameRequired: '키 이름을 입력해주세요.',
  workerKeyNameTooLong: '키 이름은 50자 이하로 입력해주세요.',
  observationsRequired: '관측 결과를 1개 이상 보내주세요.',
  observationsTooMany: (max: number) => `관측 결과는 한 번에 최대 ${max}개까지 보낼 수 있습니다.`,
  rankRequiredWhenFound: '순위를 찾은 결과(found)에는 순위(rank)가 필요합니다.',
  rankOnlyWhenFound: '순위(rank)는 순위를 찾은 결과(found)에만 보낼 수 있습니다.',
  rankBeyondDepth: '순위(rank)가 검사한 깊이(depthScanned)보다 큽니다.',
  observedAtInFuture: '관측 시각(observedAt)이 미래입니다.',
  observedAtTooOld: '관측 시각(observedAt)이 너무 오래되었습니다. 오늘과 어제(한국 시간)의 결과만 받습니다.',
  duplicateInBatch: '같은 묶음에 같은 상품·키워드·관측 시각의 결과가 이미 있습니다.',
  evidenceTooLarge: '증거 자료(evidence)는 2,000자 이하여야 합니다.',
  pairNotTracked:
    '지금 순위를 추적하는 슬롯이 없는 키워드·상품입니다. 작업 목록(GET /api/rank/work)에 있는 조합만 보낼 수 있습니다.',
  notStorable: '저장할 수 없는 값이 있어 이 관측 결과는 저장하지 않았습니다.',
  productInfoOnlyWhenFound: '상품명과 이미지는 순위를 찾은 결과(found)에만 보낼 수 있습니다.',
  imageDropped: '이미지 주소가 쿠팡 이미지 서버(https, *.coupangcdn.com)가 아니어서 이미지는 저장하지 않았습니다.',
  cursorInvalid: '페이지 커서가 올바르지 않습니다.',
  workerNameInvalid: '작업자 이름(worker)은 영문·숫자와 . _ : @ - 로 된 1~64자여야 합니다.',
  leasePairIdsInvalid: '임대할 조합(pairIds)은 작업 목록의 id(32자리 16진수)로 1~1000개를 보내주세요.',
  metricsTooMany: (max: number) => `노출·클릭 수치(metrics)는 한 번에 최대 ${max}개까지 보낼 수 있습니다.`,
  metricCountInvalid: '노출수(impressions)와 클릭수(clicks)는 0 이상의 정수여야 합니다.',
  metricClicksOverImpressions: '클릭수(clicks)는 노출수(impressions)보다 클 수 없습니다.',
  metricDayInvalid: '날짜(day)는 YYYY-MM-DD 형식이어야 합니다.',
  metricDayOutOfRange: '노출·클릭 수치는 오늘과 어제(한국 시간)의 것만 받습니다.',
  metricDuplicate: '같은 묶음에 같은 상품·키워드·날짜의 노출·클릭 수치가 이미 있습니다.',
  metricsRejected: (index: number, reason: string) => `노출·클릭 수치 ${index + 1}번째: ${reason}`,
} as const;
