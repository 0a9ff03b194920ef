import type { ChargeRequestDto } from '#shared/schemas/cash';

/** A pending 100,000 won request as the server answers it; tests override what they look at. */
export const chargeRequestFixture = (overrides: Partial<ChargeRequestDto> = {}): ChargeRequestDto => ({
  id: 'c1',
  userId: 'u1',
  userEmail: 'adv',
  userName: '광고주',
  amount: 100_000,
  bonusPercentage: 0,
  bonusAmount: 0,
  depositAt: '2025-03-01T05:30:00.000Z',
  accountHolder: '홍길동',
  status: 'pending',
  requestedAt: '2025-03-01T00:00:00.000Z',
  createdAt: '2025-03-01T00:00:00.000Z',
  processedAt: null,
  processorId: null,
  processorActorId: null,
  rejectionReason: null,
  ...overrides,
});
