import { answerOf, type RouteContract } from '../route';
import { approveSlotSchema, slotIdPathSchema, userIdPathSchema, type SlotDto } from '../../schemas/slots';
import {
  priceEditSchema,
  pricePreviewQuerySchema,
  refundPreviewQuerySchema,
  type PriceEditResult,
  type PricePreviewDto,
  type RefundPreviewDto,
  type SystemStatsDto,
} from '../../schemas/slot-admin';
import {
  allocateSlotsSchema,
  allocationHistoryQuerySchema,
  allocationIdPathSchema,
  allocationPaymentSchema,
  extendBulkSchema,
  extendSlotSchema,
  type AllocateSlotsResult,
  type AllocationHistoryPage,
  type AllocationHistoryRow,
  type ExtendBulkResult,
  type ExtendSlotResult,
} from '../../schemas/slot-allocations';

const id = slotIdPathSchema;

/** The `slotAdmin` group: the operator console's slot work (operator-console §7), its own function. */
export const slotAdminRoutes = [
  {
    method: 'POST',
    path: '/api/slots/{id}/approve',
    group: 'slotAdmin',
    op: 'approve',
    access: 'operator',
    input: { path: id, body: approveSlotSchema },
    answer: answerOf<SlotDto>(),
  },
  // operator console: slot management and refunds (refunds go through PATCH /status)
  {
    method: 'GET',
    path: '/api/slots/system-stats',
    group: 'slotAdmin',
    op: 'systemStats',
    access: 'operator',
    answer: answerOf<SystemStatsDto>(),
  },
  {
    method: 'GET',
    path: '/api/slots/{id}/refund-preview',
    group: 'slotAdmin',
    op: 'refundPreview',
    access: 'operator',
    input: { path: id, query: refundPreviewQuerySchema },
    answer: answerOf<RefundPreviewDto>(),
  },
  // issue 24 — price edit after approval: a preview, then the edit (send an Idempotency-Key)
  {
    method: 'GET',
    path: '/api/slots/{id}/price-preview',
    group: 'slotAdmin',
    op: 'pricePreview',
    access: 'operator',
    input: { path: id, query: pricePreviewQuerySchema },
    answer: answerOf<PricePreviewDto>(),
  },
  {
    method: 'PUT',
    path: '/api/slots/{id}/price',
    group: 'slotAdmin',
    op: 'editPrice',
    access: 'operator',
    input: { path: id, body: priceEditSchema },
    answer: answerOf<PriceEditResult>(),
  },
  // issue 10 — pre-allocation issuance, issuance history and extensions (operator-console §7)
  {
    method: 'POST',
    path: '/api/slots/allocate/{userId}',
    group: 'slotAdmin',
    op: 'allocate',
    access: 'operator',
    input: { path: userIdPathSchema, body: allocateSlotsSchema },
    answer: answerOf<AllocateSlotsResult>(),
  },
  {
    method: 'GET',
    path: '/api/slots/allocation-history',
    group: 'slotAdmin',
    op: 'allocationHistory',
    access: 'operator',
    input: { query: allocationHistoryQuerySchema },
    answer: answerOf<AllocationHistoryPage>(),
  },
  {
    method: 'PATCH',
    path: '/api/slots/allocation-history/{id}/payment',
    group: 'slotAdmin',
    op: 'allocationPayment',
    access: 'operator',
    input: { path: allocationIdPathSchema, body: allocationPaymentSchema },
    answer: answerOf<AllocationHistoryRow>(),
  },
  {
    method: 'GET',
    path: '/api/slots/by-allocation/{id}',
    group: 'slotAdmin',
    op: 'byAllocation',
    access: 'operator',
    input: { path: allocationIdPathSchema },
    answer: answerOf<SlotDto[]>(),
  },
  {
    method: 'POST',
    path: '/api/slots/{id}/extend',
    group: 'slotAdmin',
    op: 'extend',
    access: 'operator',
    input: { path: id, body: extendSlotSchema },
    answer: answerOf<ExtendSlotResult>(),
  },
  {
    method: 'POST',
    path: '/api/slots/extend-bulk',
    group: 'slotAdmin',
    op: 'extendBulk',
    access: 'operator',
    input: { body: extendBulkSchema },
    answer: answerOf<ExtendBulkResult>(),
  },
] as const satisfies readonly RouteContract[];
