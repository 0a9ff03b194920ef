import type { AdminUserDto } from '#shared/schemas/users';

/** An active advertiser as user management lists it, for the users feature's tests. */
export const adminUser = (overrides: Partial<AdminUserDto> = {}): AdminUserDto => ({
  id: 'u1',
  email: 'member1',
  fullName: '회원일',
  phone: null,
  role: 'user',
  isActive: true,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  allocated_slots: 0,
  used_slots: 0,
  ...overrides,
});
