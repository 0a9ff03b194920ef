import type { Paginated } from '#shared/api';
import { isStaff } from '#shared/roles';
import type { CashBalanceDto, CashStatsDto, CashTransactionDto, LedgerType } from '#shared/schemas/cash';
import { chargeRequestsStore } from '../../storage/charge-requests';
import { ledgerStore, type LedgerEntryRecord } from '../../storage/ledger';
import type { Caller } from '../auth/tokens';
import { assertCashEnabled } from './cash-common';
import { paginate } from '#commons/pagination';
import { assertStaff } from '#commons/role-guards';
import { getBalance } from './ledger';

/** Reads of the cash API: the caller's balance, ledger history and the operator dashboard counts. */
const toTransactionDto = (e: LedgerEntryRecord): CashTransactionDto => ({
  id: e.id,
  userId: e.userId,
  type: e.type,
  amount: e.amount,
  balanceType: 'paid',
  balanceAfter: e.balanceAfter,
  description: e.description,
  referenceId: e.referenceId,
  transactionAt: e.transactionAt,
});

export async function myBalance(caller: Caller): Promise<CashBalanceDto> {
  await assertCashEnabled();
  return getBalance(caller.userId);
}

/**
 * Own entries; operators may name any user. A user's `userId` is ignored (always their own), not
 * refused: the SPA ends the session on any 403. Totals come from the balance's per-type counts.
 */
export async function listTransactions(
  caller: Caller,
  query: { page: number; limit: number; type?: LedgerType; userId?: string },
): Promise<Paginated<CashTransactionDto>> {
  await assertCashEnabled();
  const userId = (isStaff(caller.role) && query.userId) || caller.userId;
  const balance = await ledgerStore.getBalance(userId);
  const total = query.type ? (balance.counts[query.type] ?? 0) : balance.seq;
  const entries = await ledgerStore.listEntries(userId, {
    type: query.type,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return paginate(entries.map(toTransactionDto), query.page, query.limit, total);
}

/** Dashboard counts (operator): kept in the same transactions as the changes, never scanned. */
export async function cashStats(caller: Caller): Promise<CashStatsDto> {
  assertStaff(caller);
  await assertCashEnabled();
  return { chargeRequests: await chargeRequestsStore.countsGlobal() };
}
