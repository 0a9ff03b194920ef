/** Accounts, as other features refer to them (and the user management screens to come). */
export const userMessages = {
  userNotFound: '사용자를 찾을 수 없습니다.',
} as const;
