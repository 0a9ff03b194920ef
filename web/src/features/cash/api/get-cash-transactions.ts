import useSWR from 'swr';
import { cashTransactionListQuerySchema, type CashTransactionListQuery } from '#shared/schemas/cash';
import { api } from '@/lib/api-client';

/** The same query schema the server parses (page, limit, type, userId). */
export { cashTransactionListQuerySchema, type CashTransactionListQuery };

export const cashTransactionsPath = '/cash/transactions';

export const cashTransactionsKey = (query: CashTransactionListQuery) => [cashTransactionsPath, query] as const;

export const isCashTransactionsKey = (key: unknown) => Array.isArray(key) && key[0] === cashTransactionsPath;

export const getCashTransactions = (query: CashTransactionListQuery) =>
  api.call('GET /api/cash/transactions', { query });

/** Ledger entries, newest first (usage history). */
export function useCashTransactions(query: CashTransactionListQuery, enabled = true) {
  return useSWR(enabled ? cashTransactionsKey(query) : null, ([, q]) => getCashTransactions(q), {
    keepPreviousData: true,
  });
}
