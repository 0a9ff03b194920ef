import { commonMessages } from './common';
/** Accounts, as other features refer to them, and the operator console's user management screens. */
export const userMessages = {
  userNotFound: commonMessages.userNotFound,

  // bank and business details of the user record (`bankInfo`, `business`)
  bankNameTooLong: '은행명은 30자 이하로 입력해주세요.',
  accountNumberFormat: '계좌번호는 숫자와 하이픈(-)만 사용해 30자 이하로 입력해주세요.',
  accountHolderTooLong: '예금주는 30자 이하로 입력해주세요.',
  bankInfoIncomplete: '은행명, 계좌번호, 예금주를 모두 입력하거나 모두 비워주세요.',
  businessNameTooLong: '상호는 50자 이하로 입력해주세요.',
  businessNumberFormat: '사업자등록번호는 숫자 10자리(000-00-00000)로 입력해주세요.',
  representativeTooLong: '대표자명은 30자 이하로 입력해주세요.',
  businessNameRequired: '사업자등록번호를 입력했다면 상호도 입력해주세요.',
  detailsSaved: '계좌 및 사업자 정보가 저장되었습니다.',
  detailsSaveFailed: '계좌 및 사업자 정보 저장에 실패했습니다.',

  // user management /admin/users
  requiredMissing: '필수 항목을 모두 입력해주세요.',
  listFailed: '사용자 목록을 불러오는데 실패했습니다.',
  loadFailed: '사용자 정보를 불러오는데 실패했습니다.',
  createFailed: '사용자 생성에 실패했습니다.',
  updateFailed: '사용자 정보 수정에 실패했습니다.',
  deleteFailed: '사용자 삭제에 실패했습니다.',
  created: '사용자가 추가되었습니다.',
  updated: '사용자 정보가 수정되었습니다.',
  deleted: '사용자가 삭제되었습니다.',
  deleteConfirm: (name: string) =>
    `${name} 사용자를 삭제하시겠습니까? 계정은 비활성화되고 목록에서 사라집니다. 캐시 내역과 슬롯은 보존됩니다.`,
  nothingChanged: '변경된 항목이 없습니다.',
  // role rules: who may change whom (functions/domain/users/role-rules.ts)
  cannotChangeSelf: '자기 자신의 역할, 활성 상태, 비밀번호는 여기서 변경할 수 없습니다.',
  cannotDeleteSelf: '자기 자신은 삭제할 수 없습니다.',
  developerOnlyRole: '개발자 역할은 개발자만 부여하거나 변경할 수 있습니다.',
  developerDetailsOnly: '개발자 계정의 계좌 및 사업자 정보는 개발자만 변경할 수 있습니다.',
  userDeleted: '삭제된 사용자입니다.',
  // switch user from the list (developers only)
  switchDeveloperOnly: '개발자 계정만 사용자 전환을 할 수 있습니다.',
  switchConfirm: (name: string) => `${name} 사용자로 전환하시겠습니까?`,
  // screen labels
  title: '사용자 관리',
  add: '사용자 추가',
  edit: '사용자 수정',
  searchPlaceholder: '아이디 또는 이름 검색',
  empty: '사용자가 없습니다.',
  active: '활성',
  inactive: '비활성',
  passwordKeep: '비워두면 기존 비밀번호를 유지합니다.',
} as const;

/** What a user log line says was done (GET /api/users/{id}/logs). */
export const userLogActions = {
  create: '사용자 생성',
  update: '사용자 정보 수정',
  deactivate: '비활성화',
  reactivate: '활성화',
  delete: '사용자 삭제',
} as const;
