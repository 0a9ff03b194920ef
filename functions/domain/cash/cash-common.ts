import { cashMessages } from '#shared/messages/cash';
import { ConflictError } from '#commons/errors';
import { getSettings } from '../settings/settings-service';

/** The cash API is switched by useCashSystem; while off its routes answer 409 with a Korean text. */
export async function assertCashEnabled(): Promise<void> {
  if (!(await getSettings()).useCashSystem) throw new ConflictError(cashMessages.disabled);
}
