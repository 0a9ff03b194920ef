import { answerOf, type RouteContract } from '../route';
import type { Paginated } from '../../api';
import {
  approveChargeSchema,
  cashTransactionListQuerySchema,
  chargeIdPathSchema,
  chargeRequestListQuerySchema,
  chargeRequestSchema,
  rejectChargeSchema,
  type CashBalanceDto,
  type CashStatsDto,
  type CashTransactionDto,
  type ChargeRequestDto,
} from '../../schemas/cash';

const id = chargeIdPathSchema;

/** The `cash` group: balance, ledger and charge requests; the whole group answers 409 while useCashSystem is off. */
export const cashRoutes = [
  {
    method: 'GET',
    path: '/api/cash/balance',
    group: 'cash',
    op: 'balance',
    access: 'user',
    answer: answerOf<CashBalanceDto>(),
  },
  {
    method: 'GET',
    path: '/api/cash/transactions',
    group: 'cash',
    op: 'transactions',
    access: 'user',
    input: { query: cashTransactionListQuerySchema },
    answer: answerOf<Paginated<CashTransactionDto>>(),
  },
  {
    method: 'GET',
    path: '/api/cash/stats',
    group: 'cash',
    op: 'stats',
    access: 'operator',
    answer: answerOf<CashStatsDto>(),
  },
  // money: send an Idempotency-Key
  {
    method: 'POST',
    path: '/api/cash/charge-requests',
    group: 'cash',
    op: 'createChargeRequest',
    access: 'user',
    input: { body: chargeRequestSchema },
    answer: answerOf<ChargeRequestDto>(),
  },
  {
    method: 'GET',
    path: '/api/cash/charge-requests',
    group: 'cash',
    op: 'listChargeRequests',
    access: 'user',
    input: { query: chargeRequestListQuerySchema },
    answer: answerOf<Paginated<ChargeRequestDto>>(),
  },
  {
    method: 'POST',
    path: '/api/cash/charge-requests/{id}/approve',
    group: 'cash',
    op: 'approveChargeRequest',
    access: 'operator',
    input: { path: id, body: approveChargeSchema },
    answer: answerOf<ChargeRequestDto>(),
  },
  {
    method: 'POST',
    path: '/api/cash/charge-requests/{id}/reject',
    group: 'cash',
    op: 'rejectChargeRequest',
    access: 'operator',
    input: { path: id, body: rejectChargeSchema },
    answer: answerOf<ChargeRequestDto>(),
  },
  {
    method: 'POST',
    path: '/api/cash/charge-requests/{id}/cancel',
    group: 'cash',
    op: 'cancelChargeRequest',
    access: 'user',
    input: { path: id },
    answer: answerOf<ChargeRequestDto>(),
  },
] as const satisfies readonly RouteContract[];
