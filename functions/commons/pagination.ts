import type { Paginated } from '#shared/api';

/** Every list's answer: `items` plus `pagination {page, limit, total, totalPages}`. */
export function paginate<T>(items: T[], page: number, limit: number, total: number): Paginated<T> {
  return { items, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}

/** Items `offset … offset + limit` of a page number (1-based). */
export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
