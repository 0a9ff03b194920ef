import type { ChatContextSlot, ChatCustomerContext } from '#shared/schemas/chat';
import { CHAT_CONTEXT_SLOTS } from '#shared/schemas/chat';
import { commonMessages } from '#shared/messages/common';
import { kstToday } from '#shared/kst';
import { deriveDisplayStatus } from '#shared/slot-status';
import { NotFoundError } from '#commons/errors';
import { chargeRequestsStore } from '../../storage/charge-requests';
import { slotCountersStore } from '../../storage/slot-counters';
import { slotsStore } from '../../storage/slots';
import { usersStore } from '../../storage/users';
import type { Caller } from '../auth/tokens';
import { getBalance } from '../cash/ledger';
import { getSettings } from '../settings/settings-service';
import { visibleSlots } from '../slots/slot-visibility';
import { roomFor } from './rooms';

/** Pending charge requests shown beside a conversation (the newest). */
const PENDING_CHARGES_MAX = 20;

/** A rank the ranking shows as a place (1..500); anything else (none, 0, 999 not found) sorts last. */
const placed = (rank: number | null | undefined) =>
  typeof rank === 'number' && rank >= 1 && rank <= 500 ? rank : Number.POSITIVE_INFINITY;

/**
 * What an operator sees beside a conversation (the product's own addition): the customer's account,
 * cash balance (null while the cash system is off), pending charge requests, slot counts from the
 * counters, and up to 10 running slots with their latest ranks, best rank first. Reads only.
 */
export async function customerContext(caller: Caller, roomId: string): Promise<ChatCustomerContext> {
  const room = await roomFor(caller, roomId);
  const userId = room.userId;
  const [user, settings, counters, pending, slots] = await Promise.all([
    usersStore.get(userId),
    getSettings(),
    slotCountersStore.ofUser(userId),
    chargeRequestsStore.listOfUser(userId, { status: 'pending', offset: 0, limit: PENDING_CHARGES_MAX }),
    slotsStore.listSlotsOfUser(userId),
  ]);
  if (!user) throw new NotFoundError(commonMessages.userNotFound);
  const balance = settings.useCashSystem ? (await getBalance(userId)).amount : null;
  const today = kstToday();
  // Rows of a bulk that never committed exist for no reader (docs/data-model.md): left out here too.
  const running: ChatContextSlot[] = (
    await visibleSlots(slots.filter((s) => deriveDisplayStatus(s, today) === 'active'))
  )
    .sort((a, b) => placed(a.rank) - placed(b.rank) || a.slot_number - b.slot_number)
    .slice(0, CHAT_CONTEXT_SLOTS)
    .map((s) => ({
      id: s.id,
      slot_number: s.slot_number,
      keyword: s.keyword,
      status: s.status,
      rank: s.rank ?? null,
      rank_measured_at: s.rank_measured_at ?? null,
      yesterday_rank: s.yesterday_rank ?? null,
    }));
  const slotCounts: Record<string, number> = { ...counters.byStatus };
  return {
    user: {
      id: user.id,
      loginId: user.loginId,
      fullName: user.fullName,
      isActive: user.isActive,
      createdAt: user.createdAt,
    },
    balance,
    pendingCharges: pending.map((c) => ({ id: c.id, amount: c.amount, requestedAt: c.createdAt })),
    slotCounts,
    slots: running,
  };
}
