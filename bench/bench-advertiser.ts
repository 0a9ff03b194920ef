/**
 * An advertiser record as the benches seed it, straight through storage (no password: benches sign
 * no one in with it). Plain data, so a bench can build it before its storage modules are imported.
 */
export function benchAdvertiser(id: string, loginId: string, fullName: string, createdAt: string) {
  return {
    id,
    loginId,
    role: 'user' as const,
    fullName,
    phone: null,
    isActive: true,
    passwordHash: 'x',
    permissions: [],
    createdAt,
    updatedAt: createdAt,
    lastLoginAt: null,
  };
}

/**
 * An advertiser who signs in with the benches' password, charged enough for `slots` slots at 50,000원
 * each (the benches register their slots through the real bulk registration, which charges them).
 * Storage modules are imported here, when called, so importing this file stays free of them.
 */
export async function fundedAdvertiser(loginId: string, fullName: string, slots = 100) {
  const { createUser } = await import('../functions/domain/auth/auth-service');
  const { credit } = await import('../functions/domain/cash/ledger');
  const user = await createUser({ loginId, password: 'benchpass1', fullName, role: 'user' });
  await credit({
    userId: user.id,
    amount: slots * 50_000,
    type: 'charge',
    description: '벤치 충전',
    referenceId: 'bench',
    idempotencyKey: `${loginId}-fund`,
  });
  return user;
}
