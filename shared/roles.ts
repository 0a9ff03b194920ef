export const roles = ['user', 'operator', 'developer'] as const;
export type Role = (typeof roles)[number];

/** `admin` is accepted as an alias of operator: a client or record that says 'admin' means an operator. */
export function normaliseRole(role: string): Role {
  if (role === 'admin') return 'operator';
  return (roles as readonly string[]).includes(role) ? (role as Role) : 'user';
}

export const isStaff = (role: string) => {
  const r = normaliseRole(role);
  return r === 'operator' || r === 'developer';
};

export const roleLabels: Record<string, string> = {
  user: '일반 사용자',
  operator: '운영자',
  admin: '관리자',
  developer: '개발자',
};

/** Where a role lands after sign-in. */
export const homePathFor = (role: string) => (isStaff(role) ? '/admin' : '/slots');
