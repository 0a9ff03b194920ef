/**
 * Ledger entry types, apart from the cash schemas so the storage layer (in every money-moving Lambda)
 * bundles no schema module; shared/schemas/cash.ts re-exports them.
 */
export const ledgerTypes = ['charge', 'purchase', 'refund', 'withdrawal', 'bonus', 'expire'] as const;
export type LedgerType = (typeof ledgerTypes)[number];

/**
 * Types that add to the balance: charges and refunds, and bonuses too, which are credited money, so they
 * read as plus (what an advertiser would expect).
 */
const creditLedgerTypes: readonly LedgerType[] = ['charge', 'bonus', 'refund'];
export const isCreditType = (type: string) => (creditLedgerTypes as readonly string[]).includes(type);
