import { accessMessages } from './access';

/** Sign-in, sessions, profile and the developer's user switching. */
/**
 * Korean texts shared by the server and the SPA. Texts the product was given in Korean are kept verbatim;
 * where it was given only an English gist, the Korean wording here is the product's text.
 */
export const authMessages = {
  ...accessMessages,
  loginRequired: '아이디와 비밀번호를 입력해주세요.',
  invalidCredentials: '아이디 또는 비밀번호가 올바르지 않습니다.',
  accountInactive: '비활성화된 계정입니다. 관리자에게 문의해주세요.',
  throttled: (seconds: number) => `로그인 시도가 너무 많습니다. ${seconds}초 후에 다시 시도해주세요.`,
  loginFailed: '로그인에 실패했습니다.',
  loginError: '로그인 중 오류가 발생했습니다.',
  registerFailed: '회원가입에 실패했습니다.',
  registrationClosed: '현재 회원가입이 중지되어 있습니다.',
  idTaken: '이미 사용 중인 아이디입니다.',
  idFormat: '아이디는 영문과 숫자만 사용할 수 있습니다.',
  tokenRefreshFailed: '토큰 갱신에 실패했습니다.',
  userInfoFailed: '사용자 정보를 가져올 수 없습니다.',
  passwordMismatch: '새 비밀번호가 일치하지 않습니다.',
  passwordTooShort: '비밀번호는 최소 6자 이상이어야 합니다.',
  currentPasswordRequired: '현재 비밀번호를 입력해주세요.',
  currentPasswordWrong: '현재 비밀번호가 올바르지 않습니다.',
  currentPasswordLabel: '현재 비밀번호',
  passwordChangeFailed: '비밀번호 변경에 실패했습니다.',
  passwordChangeError: '비밀번호 변경 중 오류가 발생했습니다.',
  passwordChanged: '비밀번호가 성공적으로 변경되었습니다.',
  profileUpdated: '정보가 성공적으로 업데이트되었습니다.',
  profileUpdateError: '업데이트 중 오류가 발생했습니다.',
  fullNameRequired: '이름을 입력해주세요.',
  switchDeveloperOnly: '개발자 계정만 사용자 전환을 할 수 있습니다.',
  switchSelf: '자기 자신으로는 전환할 수 없습니다.',
  switchFailed: '사용자 전환에 실패했습니다.',
  switchError: '사용자 전환 중 오류가 발생했습니다.',
  switchBackMissing: '원래 계정 정보를 찾을 수 없습니다.',
} as const;
