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
