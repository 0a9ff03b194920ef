import { ulid } from 'ulid';
import { isStaff } from '#shared/roles';
import type { SlotChangeType } from '#shared/schemas/slots';
import type { Actor } from '#shared/slot-status';
import type { Caller } from '../auth/tokens';
import type { SlotLogRecord } from '../../storage/slot-logs';
import { usersStore } from '../../storage/users';

/** Who changes a slot and from where (every change is logged with it). */
export interface ChangeContext {
  caller: Caller;
  ip: string;
  userAgent: string;
  idempotencyKey?: string;
}

/** Who changes and from where, from a request: every slot change is logged with it. */
export const changeContextOf = (request: {
  user: Caller;
  ip: string;
  userAgent: string;
  idempotencyKey?: string;
}): ChangeContext => ({
  caller: request.user,
  ip: request.ip,
  userAgent: request.userAgent,
  idempotencyKey: request.idempotencyKey,
});

export const actorOf = (caller: Caller): Actor => (isStaff(caller.role) ? 'staff' : 'owner');

/** Builds log lines for one change; `full_name` is the caller's name at the time of the change. */
export async function logWriter(ctx: ChangeContext) {
  const user = await usersStore.get(ctx.caller.userId);
  const fullName = user?.fullName ?? ctx.caller.userId;
  return (
    slotId: string,
    at: string,
    line: {
      change_type: SlotChangeType;
      field_key?: string | null;
      old_value?: unknown;
      new_value?: unknown;
      description: string;
    },
  ): SlotLogRecord => ({
    id: ulid(),
    slot_id: slotId,
    change_type: line.change_type,
    field_key: line.field_key ?? null,
    old_value: line.old_value === undefined || line.old_value === null ? null : String(line.old_value),
    new_value: line.new_value === undefined || line.new_value === null ? null : String(line.new_value),
    description: line.description,
    user_id: ctx.caller.userId,
    actor_id: ctx.caller.actorId,
    full_name: fullName,
    ip_address: ctx.ip,
    user_agent: ctx.userAgent.slice(0, 500),
    created_at: at,
  });
}
