import { notificationActionLabels, slotPriceChangedText } from '#shared/messages/notification-events';
import { kstToday } from '#shared/kst';
import { slotAdminMessages, slotPriceTexts } from '#shared/messages/slot-admin';
import type { PriceEditResult, PricePreviewDto, PriceSettlement } from '#shared/schemas/slot-admin';
import type { Settings } from '#shared/settings';
import { slotActions } from '#shared/slot-status';
import { assertStaff } from '#commons/role-guards';
import { ConflictError } from '#commons/errors';
import { LostRaceError, retrying } from '#commons/retry';
import type { Caller } from '../auth/tokens';
import { slotsStore, type SlotRecord } from '../../storage/slots';
import { slotLogsStore } from '../../storage/slot-logs';
import { slotCountersStore } from '../../storage/slot-counters';
import { transact } from '../../storage/transactions';
import * as Ledger from '../cash/ledger';
import { notifyQuietly } from '../notifications/notify-users';
import { getSettings } from '../settings/settings-service';
import { loadSlot } from './queries';
import { logWriter, type ChangeContext } from './slot-change-log';
import { ownersOf, toSlotDto } from './slot-dto';

/**
 * A price edit after approval (operator console; docs/data-model.md "Price edit"), staff
 * only, on slots shared/slot-status.ts offers it for (approved and still running).
 *
 * Money: a slot paid from the balance (`price` > 0: the registration charge), with the cash system
 * on, settles the difference in ONE transaction with the slot update, its log line and the list
 * versions — a higher price takes it (`purchase`, guarded by the balance: 402 and nothing written),
 * a lower one gives it back (`refund`). Afterwards `price` (what the ledger holds for the slot, what
 * a refund later starts from) and `approved_price` are both the new price. Any other slot, or the
 * cash system off, records `approved_price` only.
 *
 * Exactly once: the ledger key is the slot's version (`price-edit#{slotId}#v{n}`), so two edits read
 * from one version move money once; the slot keeps the last edit with its request's Idempotency-Key,
 * so the same request again — retried or running twice at once — answers the first one's result.
 */

/** Paid through the balance at registration (issued, test and extension slots cost 0 won). */
const paidFromBalance = (slot: SlotRecord) => slot.price > 0;

interface PriceTerms {
  currentPrice: number;
  difference: number;
  settlement: PriceSettlement;
  amount: number;
}

function termsOf(slot: SlotRecord, newPrice: number, settings: Settings): PriceTerms {
  const settles = settings.useCashSystem && paidFromBalance(slot);
  // Settled: the price the owner has paid; recorded only: the agreed (approved) price.
  const currentPrice = settles ? slot.price : (slot.approved_price ?? slot.price);
  const difference = newPrice - currentPrice;
  const settlement: PriceSettlement = !settles || difference === 0 ? 'none' : difference > 0 ? 'charge' : 'return';
  return { currentPrice, difference, settlement, amount: settlement === 'none' ? 0 : Math.abs(difference) };
}

function assertEditable(slot: SlotRecord) {
  if (!slotActions(slot, 'staff', kstToday()).priceEdit) throw new ConflictError(slotAdminMessages.priceEditNotAllowed);
}

const signed = (t: Pick<PriceTerms, 'settlement' | 'amount'>) =>
  t.settlement === 'charge' ? -t.amount : t.settlement === 'return' ? t.amount : 0;

/** GET /slots/{id}/price-preview?price=: what the edit would do, nothing written. */
export async function pricePreview(caller: Caller, slotId: string, newPrice: number): Promise<PricePreviewDto> {
  assertStaff(caller);
  const [slot, settings] = await Promise.all([loadSlot(caller, slotId), getSettings()]);
  assertEditable(slot);
  const terms = termsOf(slot, newPrice, settings);
  const { amount: balance } = await Ledger.getBalance(slot.userId);
  return { slotId: slot.id, newPrice, ...terms, balance, balanceAfter: balance + signed(terms) };
}

type Outcome = { slot: SlotRecord; edit: NonNullable<SlotRecord['price_edit']> | null; balanceAfter: number };

/** The answer of the edit stored on the slot (a retry or a twin of its request). */
async function replayOf(slot: SlotRecord): Promise<Outcome> {
  const edit = slot.price_edit!;
  const money = edit.ledgerKey
    ? await Ledger.earlierResult(slot.userId, edit.ledgerOperation, edit.ledgerKey)
    : undefined;
  return {
    slot,
    edit,
    balanceAfter: money?.balanceAfter ?? (await Ledger.getBalance(slot.userId)).amount,
  };
}

/** PUT /slots/{id}/price */
export async function editPrice(slotId: string, newPrice: number, ctx: ChangeContext): Promise<PriceEditResult> {
  assertStaff(ctx.caller);
  const [settings, log] = await Promise.all([getSettings(), logWriter(ctx)]);
  const requestKey = ctx.idempotencyKey ?? null;
  const outcome = await retrying(async (): Promise<Outcome> => {
    const s = await loadSlot(ctx.caller, slotId);
    if (requestKey && s.price_edit?.key === requestKey) return replayOf(s);
    assertEditable(s);
    const terms = termsOf(s, newPrice, settings);
    // Already this price: nothing to write (a retry without a key lands here).
    if (terms.difference === 0 && s.approved_price === newPrice)
      return { slot: s, edit: null, balanceAfter: (await Ledger.getBalance(s.userId)).amount };

    const now = new Date().toISOString();
    const ledgerOperation = terms.settlement === 'charge' ? 'purchase' : terms.settlement === 'return' ? 'refund' : '';
    const ledgerKey = ledgerOperation ? `price-edit#${s.id}#v${s.version}` : '';
    const edit = {
      key: requestKey,
      oldPrice: terms.currentPrice,
      newPrice,
      settlement: terms.settlement,
      amount: terms.amount,
      ledgerOperation,
      ledgerKey,
      at: now,
      by: ctx.caller.userId,
    };
    const changes: Partial<SlotRecord> = {
      approved_price: newPrice,
      // `price` follows the money: what the ledger holds for the slot.
      ...(terms.settlement !== 'none' ? { price: newPrice } : {}),
      price_edit: edit,
      updatedAt: now,
    };
    const writes = [
      slotsStore.update(s, changes),
      slotLogsStore.put(
        log(s.id, now, {
          change_type: 'field_update',
          field_key: 'price',
          old_value: terms.currentPrice,
          new_value: newPrice,
          description: slotPriceTexts.log(terms.currentPrice, newPrice, terms.settlement, terms.amount),
        }),
      ),
      // The owner's list cache and the staff list's cursors see the new price.
      slotCountersStore.userUpdate(s.userId, {}),
      slotCountersStore.globalUpdate({}),
    ];
    const after = { ...s, ...changes, version: s.version + 1 };
    if (terms.settlement === 'none') {
      await transact(writes);
      return { slot: after, edit, balanceAfter: (await Ledger.getBalance(s.userId)).amount };
    }
    const money = await (terms.settlement === 'charge' ? Ledger.purchase : Ledger.refund)({
      userId: s.userId,
      amount: terms.amount,
      description: slotPriceTexts[terms.settlement](s.slot_number),
      referenceId: s.id,
      idempotencyKey: ledgerKey,
      with: writes,
    }).catch((err: unknown) => {
      // Another edit from this version with other terms got there first: read again and decide anew.
      if (err instanceof Ledger.ReplayMismatch) throw new LostRaceError();
      throw err;
    });
    if (money.replayed) {
      // A twin read the same version and committed first: answer what it did.
      const twin = await slotsStore.get(s.id);
      if (twin?.price_edit?.ledgerKey === ledgerKey) return replayOf(twin);
      throw new LostRaceError();
    }
    return { slot: after, edit, balanceAfter: money.balanceAfter };
  });

  const { slot, edit } = outcome;
  if (edit) {
    // After the commit, best-effort, once per edit (the version it was made from).
    await notifyQuietly(slot.userId, {
      type: 'info',
      title: slotPriceChangedText.title,
      event: 'slot-price-changed',
      message: slotPriceChangedText.message(
        slot.slot_number,
        slot.keyword ?? '',
        edit.oldPrice,
        edit.newPrice,
        edit.settlement,
        edit.amount,
      ),
      actions: [{ label: notificationActionLabels.cashHistory, style: 'primary', action: '/cash-history' }],
      metadata: {
        slotId: slot.id,
        settlement: edit.settlement,
        amount: edit.amount,
      },
      dedupeKey: `slot-price#${slot.id}#${edit.at}`,
    });
  }
  const owners = await ownersOf([slot.userId]);
  return {
    slot: toSlotDto(slot, owners.get(slot.userId), kstToday()),
    settlement: edit?.settlement ?? 'none',
    amount: edit?.amount ?? 0,
    balanceAfter: outcome.balanceAfter,
  };
}
