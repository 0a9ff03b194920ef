/** The session list on 내 정보 and the operator's "end every session" in the customer view. */
export const sessionMessages = {
  title: '로그인 세션',
  description:
    '이 계정으로 로그인된 기기입니다. 마지막 사용은 로그인 유지를 위해 토큰을 갱신한 시각이라 실제 사용과 최대 15분 차이가 날 수 있습니다.',
  current: '현재 세션',
  developerSwitch: '개발자 전환',
  unknownDevice: '알 수 없는 기기',
  deviceTypes: { desktop: 'PC', mobile: '모바일', tablet: '태블릿', tv: 'TV' } as Record<string, string>,
  end: '종료',
  endOthers: '다른 세션 모두 종료',
  confirmEnd: '이 세션을 종료할까요? 그 기기에서는 다시 로그인해야 합니다.',
  confirmEndOthers: '현재 세션을 뺀 다른 세션을 모두 종료할까요? 다른 기기에서는 다시 로그인해야 합니다.',
  ended: '세션을 종료했습니다.',
  endedOthers: (n: number) => (n ? `다른 세션 ${n}개를 종료했습니다.` : '종료할 다른 세션이 없습니다.'),
  noOthers: '다른 세션이 없습니다.',
  loadFailed: '세션 목록을 불러오지 못했습니다.',
  endFailed: '세션 종료에 실패했습니다.',
  notFound: '세션을 찾을 수 없습니다. 이미 종료되었을 수 있습니다.',
  // The operator's side (customer view).
  endAll: '모든 세션 종료',
  confirmEndAll: (name: string) =>
    `${name}님의 모든 로그인 세션을 종료할까요? 모든 기기에서 로그아웃되고 다시 로그인해야 합니다.`,
  endedAll: (n: number) => (n ? `세션 ${n}개를 종료했습니다.` : '종료할 세션이 없습니다.'),
  endOwnHere: '본인 세션은 내 정보에서 종료해주세요.',
  developerOnly: '개발자 계정의 세션은 개발자만 종료할 수 있습니다.',
  columns: { device: '기기', ip: 'IP', signedIn: '로그인', lastUsed: '마지막 사용' },
} as const;
