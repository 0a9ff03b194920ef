import { emptyUserDetails, type AdminUserDto, type UserDetails, type UserLogDto } from '#shared/schemas/users';
import type { SlotCounters } from '../../storage/slot-counters';
import type { UserListRow, UserRecord } from '../../storage/users';
import type { UserLogRecord } from '../../storage/user-logs';

/** A user as the admin screens show it, with the per-user slot counters (the same sums as GET /slots/count). */
export function toAdminUserDto(u: UserListRow, counters: SlotCounters | undefined): AdminUserDto {
  const held = counters?.held ?? 0;
  return {
    id: u.id,
    email: u.loginId,
    fullName: u.fullName,
    phone: u.phone ?? null,
    role: u.role,
    isActive: u.isActive,
    status: u.isActive ? 'active' : 'inactive',
    createdAt: u.createdAt,
    lastLoginAt: u.lastLoginAt ?? null,
    allocated_slots: held,
    used_slots: held - (counters?.byStatus.empty ?? 0),
  };
}

export const toUserLogDto = ({ userId: _userId, ...log }: UserLogRecord): UserLogDto => log;

/** The record's bank and business details, blank where never saved. */
export function detailsOf(u: Pick<UserRecord, 'bankInfo' | 'business'>): UserDetails {
  const empty = emptyUserDetails();
  return { bankInfo: { ...empty.bankInfo, ...u.bankInfo }, business: { ...empty.business, ...u.business } };
}
