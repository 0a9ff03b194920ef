/**
 * The texts of a refused call (no token, an ended session, the wrong role): every API bundle carries
 * these through the HTTP adapter, so they live apart from the sign-in screens' texts.
 */
export const accessMessages = {
  noToken: '인증 토큰이 없습니다.',
  sessionExpired: '인증이 만료되었습니다. 다시 로그인해주세요.',
  noPermission: '접근 권한이 없습니다. 다시 로그인해주세요.',
  operatorsOnly: '접근 권한이 없습니다. 운영자와 개발자만 사용할 수 있습니다.',
  /** The no-access page a user reads on /admin/*. */
  operatorsOnlyHint: '관리자 화면은 운영자와 개발자 계정으로 로그인해야 열 수 있습니다.',
  backHome: '내 화면으로 돌아가기',
  noAccessTitle: '접근 권한 없음',
  developersOnly: '개발자만 사용할 수 있습니다.',
} as const;
