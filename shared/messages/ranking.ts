/** The ranking page: texts shared by the API and the SPA. */
export const rankingMessages = {
  disabled: '성과 랭킹 기능이 꺼져 있습니다.',
  empty: '아직 순위 데이터가 없습니다.',
  emptyHint: '진행중인 슬롯의 순위가 측정되면 이곳에 표시됩니다.',
  loadFailed: '랭킹을 불러오지 못했습니다.',
} as const;
