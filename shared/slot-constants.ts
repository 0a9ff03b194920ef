/**
 * Slot constants that the field rules, the URL rule and their messages share. No imports, so the
 * message catalogue can use them without an import cycle.
 */
export const MAX_KEYWORDS = 10;
export const COUPANG_HOST = 'www.coupang.com';
export const COUPANG_URL_FORMAT = 'https://www.coupang.com/vp/products/{상품ID}?itemId=...&vendorItemId=...';
/** Largest bulk request (the admin grid's maximum). */
export const MAX_BULK_ROWS = 1000;
/** Bulk edit lists at most 50 selected slots. */
export const MAX_BULK_EDIT = 50;
