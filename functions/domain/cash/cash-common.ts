import type { Paginated } from '#shared/api';
import { cashMessages } from '#shared/messages';
import { ConflictError } from '../errors';
import { getSettings } from '../settings/settings-service';

/** The cash API is switched by useCashSystem; while off its routes answer 409 with a Korean text. */
export async function assertCashEnabled(): Promise<void> {
  if (!(await getSettings()).useCashSystem) throw new ConflictError(cashMessages.disabled);
}

export function paginate<T>(items: T[], page: number, limit: number, total: number): Paginated<T> {
  return { items, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
}
