import { defaultFieldConfigs } from '#shared/field-configs';
import { fieldConfigsStore } from '../storage/field-configs';
import { usersStore } from '../storage/users';
import { createUser } from './auth/auth-service';
import { ConflictError } from '#commons/errors';
import { seedDefaultSettings } from './settings/settings-service';
import { countUncountedUsers } from './users/count-seed';
import { countIssuancesByDay, keyIssuancesByOperator } from './slots/issuance-backfill';
import { keySlotsForSearch } from './slots/search-backfill';
import { summariseAnnouncements } from './announcements/summary-backfill';
import { fillMissingSearchKeys } from './chat/search-keys';

/**
 * First start on an empty table: the developer account, default settings and field
 * configs; and the one-off keys older records lack. Safe to run on every start and every deploy:
 * nothing existing is overwritten.
 */
export async function bootstrap(developer: { loginId: string; password: string }) {
  let developerCreated = false;
  if (!(await usersStore.findIdByLogin(developer.loginId))) {
    try {
      await createUser({
        loginId: developer.loginId,
        password: developer.password,
        fullName: '개발자',
        role: 'developer',
      });
      developerCreated = true;
    } catch (err) {
      // Another instance created it between our check and our write: fine.
      if (!(err instanceof ConflictError)) throw err;
    }
  }
  const settingsWritten = await seedDefaultSettings();
  let fieldConfigsWritten = 0;
  for (const config of defaultFieldConfigs) {
    if (await fieldConfigsStore.put(config, true)) fieldConfigsWritten += 1;
  }
  // Accounts from before the user counts existed join them once (GET /api/users/stats stays exact).
  await countUncountedUsers();
  // Records from before a list's key existed get it once (docs/data-model.md A9, A10, AN6, CH14, S8b).
  const [, , chatRoomsKeyed, slotsKeyed] = await Promise.all([
    keyIssuancesByOperator().then(countIssuancesByDay),
    summariseAnnouncements(),
    fillMissingSearchKeys(),
    keySlotsForSearch(),
  ]);
  return { developerCreated, settingsWritten, fieldConfigsWritten, chatRoomsKeyed, slotsKeyed };
}
