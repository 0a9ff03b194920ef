/**
 * System settings and slot field configs. The refusal means 'Only administrators can update
 * settings'; the Korean wording here is the product's text.
 */
/** Top-level so a bundle that needs only these (the HTTP adapter in every function) leaves the rest out. */
export const onlyAdministratorsText = '관리자만 설정을 변경할 수 있습니다.';
export const maintenanceText = '현재 시스템 점검 중입니다. 잠시 후 다시 시도해주세요.';
export const logoUrlReasonText = '비워 두거나 http(s):// 로 시작하는 주소 또는 /로 시작하는 사이트 경로여야 합니다.';
export const depositAccountReasonText = '비워 두거나 숫자와 하이픈(-)으로 된 계좌번호여야 합니다.';

export const settingsMessages = {
  onlyAdministrators: onlyAdministratorsText,
  unknownKey: (key: string) => `'${key}'은(는) 알 수 없는 설정입니다.`,
  reasonLogoUrl: logoUrlReasonText,
  invalidValue: (key: string, reason: string) => `'${key}' 값이 올바르지 않습니다: ${reason}`,
  wrongCategory: (key: string, category: string) =>
    `'${key}' 값이 올바르지 않습니다: 이 설정의 분류는 ${category}입니다.`,
  duplicateKey: (key: string) => `'${key}' 설정이 한 요청에 두 번 들어 있습니다.`,
  reasonInteger: (min: string, max: string) => `${min}~${max} 사이의 정수여야 합니다.`,
  reasonBoolean: 'true 또는 false여야 합니다.',
  reasonOneOf: (options: readonly string[]) => `${options.join(', ')} 중 하나여야 합니다.`,
  reasonText: (min: number, max: number) =>
    min > 0 ? `${min}~${max}자의 문자열이어야 합니다.` : `${max}자 이하의 문자열이어야 합니다.`,
  reasonCashRange: '최소 충전 금액은 최대 충전 금액보다 클 수 없습니다.',
  settingsRequired: '변경할 설정을 하나 이상 보내주세요.',
  tooManySettings: (max: number) => `한 번에 변경할 수 있는 설정은 최대 ${max}개입니다.`,
  changeNotFound: '설정 변경 내역을 찾을 수 없습니다.',
  changedConcurrently: '다른 관리자가 같은 설정을 방금 변경했습니다. 새로고침 후 다시 시도해주세요.',
  /** maintenanceMode on: a user's write is refused (503), operators and developers keep working. */
  maintenance: maintenanceText,
} as const;

export const fieldConfigMessages = {
  /** Adding a field config without its key or label. */
  keyAndLabelRequired: '필드 키와 라벨은 필수입니다.',
  keyFormat: '필드 키는 영문자로 시작하고 영문자, 숫자, 밑줄(_)만 사용해 50자 이내로 입력해주세요.',
  labelLength: '라벨은 1~50자로 입력해주세요.',
  placeholderLength: '안내 문구(placeholder)는 200자 이하로 입력해주세요.',
  descriptionLength: '설명은 500자 이하로 입력해주세요.',
  fieldType: (types: readonly string[]) => `필드 유형은 ${types.join(', ')} 중 하나여야 합니다.`,
  displayOrder: '표시 순서는 0 이상 10000 이하의 정수여야 합니다.',
  keyExists: (key: string) => `'${key}' 필드가 이미 있습니다.`,
  duplicateKey: (key: string) => `'${key}' 필드가 목록에 두 번 들어 있습니다.`,
  notFound: (key: string) => `'${key}' 필드를 찾을 수 없습니다.`,
  systemFieldProtected: (key: string) =>
    `'${key}'은(는) 시스템이 생성하는 필드라 삭제하거나 키와 유형을 바꿀 수 없습니다.`,
  systemFieldMissing: (keys: readonly string[]) => `시스템 필드(${keys.join(', ')})는 목록에서 뺄 수 없습니다.`,
  coreFieldProtected: (key: string) => `'${key}'은(는) 슬롯 등록에 필요한 필드라 삭제할 수 없습니다.`,
  coreFieldTypeFixed: (key: string, type: string) =>
    `'${key}'은(는) 슬롯 등록에 필요한 필드라 유형을 바꿀 수 없습니다. 유형은 ${type}(으)로 두세요.`,
  coreFieldMissing: (keys: readonly string[]) =>
    `슬롯 등록에 필요한 필드(${keys.join(', ')})는 목록에서 뺄 수 없습니다.`,
  keyReserved: (key: string) =>
    `'${key}'은(는) 시스템이 쓰는 이름이라 필드 키로 쓸 수 없습니다. 다른 키를 입력해주세요.`,
  systemKeyReserved: (key: string) => `'${key}'은(는) 시스템 필드 키라 새로 추가할 수 없습니다.`,
  tooManyFields: (max: number) => `필드는 최대 ${max}개까지 둘 수 있습니다.`,
  fieldsRequired: '필드 목록을 보내주세요.',
  /** Select options. */
  optionsRequired: '선택 항목(select) 필드에는 선택지를 1개 이상 입력해주세요.',
  optionBlank: '빈 선택지는 둘 수 없습니다.',
  optionLength: (max: number) => `선택지는 ${max}자 이하로 입력해주세요.`,
  tooManyOptions: (max: number) => `선택지는 최대 ${max}개까지 둘 수 있습니다.`,
  optionDuplicate: (option: string) => `선택지 '${option}'이(가) 두 번 들어 있습니다.`,
} as const;
