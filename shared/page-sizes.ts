/**
 * List page sizes, defined once for the server's query schemas and the web's selects
 * (see 'Defaults where the spec gives two' in docs/decisions.md):
 * admin lists 10/30/50/100/200, user lists 10/30/50/100.
 */
export const adminPageSizes = [10, 30, 50, 100, 200] as const;
export const userPageSizes = [10, 30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const isPageSize = <T extends number>(sizes: readonly T[], n: number): n is T =>
  (sizes as readonly number[]).includes(n);

/** '페이지 크기는 10, 30, 50, 100 중 하나여야 합니다.' for the given list. */
export const pageSizeMessage = (sizes: readonly number[]) => `페이지 크기는 ${sizes.join(', ')} 중 하나여야 합니다.`;
