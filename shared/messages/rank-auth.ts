/** The worker-route check's texts: apart from rank.ts so every API bundle carries only these. */
export const rankAuthMessages = {
  workerKeyMissing: '작업자 API 키가 없습니다.',
  workerKeyUnknown: '유효하지 않거나 폐기된 작업자 API 키입니다.',
  workerRouteForUsers: '작업자 전용 경로입니다. 사용자 토큰으로는 호출할 수 없습니다.',
} as const;
