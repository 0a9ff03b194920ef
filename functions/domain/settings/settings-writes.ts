import { ulid } from 'ulid';
import {
  isSettingKey,
  mergeSettings,
  securitySettingKeys,
  settingDefinitions,
  type SettingKey,
  type Settings,
} from '#shared/settings';
import { secondFactorMessages } from '#shared/messages/second-factor';
import {
  checkSettingsTogether,
  checkSettingValue,
  type SettingChange,
  type SettingHistoryQuery,
} from '#shared/schemas/settings';
import { settingsMessages } from '#shared/messages/settings';
import { isStaff } from '#shared/roles';
import { settingsStore } from '../../storage/settings';
import { settingChangesStore } from '../../storage/setting-changes';
import { transact } from '../../storage/transactions';
import { usersStore } from '../../storage/users';
import { ConflictError, DomainError, ForbiddenError, NotFoundError } from '#commons/errors';
import { isConditionFailure } from '#commons/store-errors';
import { offsetOf, paginate } from '#commons/pagination';
import { assertDeveloper } from '#commons/role-guards';
import type { Caller } from '../auth/tokens';
import { requireRecentSecondFactor } from '../auth/second-factor-policy';
import { getSetting, getSettingsByCategory, invalidateSettingsCache, stageDefaults } from './settings-service';

/**
 * Settings writes: validated per key, all or nothing, each change logged with who, when
 * and old → new in the same transaction, plus the developer's history and one-click revert. Kept
 * apart from settings-service.ts, which every function reads settings through, so their bundles
 * don't carry the write path.
 */
type Actor = Caller;

/** One entry of a write as sent: `{ key, value, category? }`. */
export interface SettingInput {
  key: string;
  value: unknown;
  /** Optional; when sent it must be the key's own category. */
  category?: string;
}

/** Only operators and developers change settings; anyone else reads that only administrators can. */
function assertMayUpdate(caller: Actor) {
  if (!isStaff(caller.role)) throw new ForbiddenError(settingsMessages.onlyAdministrators);
}

/**
 * Security settings (the staff second factor) are a developer's, with a code from the last 15 minutes;
 * switching the factor off takes a developer who has one, so a phished password alone cannot.
 */
async function guardSecuritySettings(caller: Actor, changed: Array<[SettingKey, unknown]>) {
  const security = changed.filter(([key]) => securitySettingKeys.includes(key));
  if (!security.length) return;
  if (caller.role !== 'developer') throw new ForbiddenError(secondFactorMessages.securitySettingDeveloperOnly);
  const switchingOff = security.some(([key, value]) => key === 'staffSecondFactorRequired' && value === false);
  await requireRecentSecondFactor(
    caller,
    switchingOff ? { factorNeeded: secondFactorMessages.switchOffNeedsFactor } : {},
  );
}

/** Every wrong entry, each naming its key; the first one's sentence is the headline. */
function refuse(issues: Array<{ key: string; message: string }>): never {
  throw new DomainError(
    'VALIDATION',
    issues[0].message,
    issues.map((i) => ({ key: i.key, field: i.key, message: i.message })),
  );
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Checks every entry, then writes the ones whose value changes with one history entry each, all in
 * one transaction: a bad entry anywhere means nothing is written. Returns what changed.
 */
async function applySettings(
  caller: Actor,
  entries: SettingInput[],
  revertOf: string | null = null,
): Promise<SettingChange[]> {
  const issues: Array<{ key: string; message: string }> = [];
  const values = new Map<SettingKey, Settings[SettingKey]>();
  for (const entry of entries) {
    const checked = checkSettingValue(entry.key, entry.value);
    if (!checked.ok) {
      issues.push({ key: entry.key, message: checked.message });
      continue;
    }
    const category = settingDefinitions[checked.key].category;
    if (entry.category && entry.category !== category) {
      issues.push({ key: entry.key, message: settingsMessages.wrongCategory(entry.key, category) });
      continue;
    }
    if (values.has(checked.key)) {
      issues.push({ key: entry.key, message: settingsMessages.duplicateKey(entry.key) });
      continue;
    }
    values.set(checked.key, checked.value);
  }
  if (issues.length) refuse(issues);

  const stored = await settingsStore.readAll({ consistent: true });
  const before = mergeSettings(stored, stageDefaults());
  const after = { ...before, ...Object.fromEntries(values) } as Settings;
  const together = checkSettingsTogether(after);
  if (together) refuse([together]);

  const changed = [...values].filter(([key, value]) => !sameValue(before[key], value));
  if (!changed.length) return [];
  await guardSecuritySettings(caller, changed);
  const actor = await usersStore.get(caller.userId);
  const changedAt = new Date().toISOString();
  const changes: SettingChange[] = changed.map(([key, value]) => ({
    id: ulid(),
    key,
    category: settingDefinitions[key].category,
    oldValue: before[key],
    newValue: value,
    changedBy: { id: caller.userId, name: actor?.fullName ?? '' },
    changedAt,
    revertOf,
  }));
  // Each setting and its history entry, all in one transaction: all or nothing.
  const items = changes.flatMap((c) => [
    settingsStore.guardedPutItem({
      key: c.key,
      category: c.category,
      value: c.newValue,
      storedBefore: stored[c.key],
      updatedBy: c.changedBy.id,
      updatedAt: changedAt,
    }),
    settingChangesStore.putItem(c),
  ]);
  try {
    await transact(items);
  } catch (err) {
    if (isConditionFailure(err)) throw new ConflictError(settingsMessages.changedConcurrently);
    throw err;
  }
  invalidateSettingsCache();
  return changes;
}

/** PUT /api/system-settings: several settings at once, all or nothing → all settings by category. */
export async function updateSettings(caller: Actor, entries: SettingInput[]) {
  assertMayUpdate(caller);
  await applySettings(caller, entries);
  return getSettingsByCategory();
}

/** PUT /api/system-settings/key/{key} → `{ key, value, category }`; an unknown key is a 404. */
export async function updateSetting(caller: Actor, key: string, value: unknown) {
  assertMayUpdate(caller);
  if (!isSettingKey(key)) throw new NotFoundError(settingsMessages.unknownKey(key));
  await applySettings(caller, [{ key, value }]);
  return getSetting(key);
}

/** GET /api/system-settings/history (developer): who changed what, old → new, newest first. */
export async function listSettingChanges(caller: Actor, query: SettingHistoryQuery) {
  assertDeveloper(caller);
  const all = await settingChangesStore.list(query.key);
  const start = offsetOf(query.page, query.limit);
  return paginate(all.slice(start, start + query.limit), query.page, query.limit, all.length);
}

/**
 * POST /api/system-settings/history/{id}/revert (developer): the key goes back to that change's old
 * value, logged as a new change that names the one it undid. Already at that value: nothing written.
 */
export async function revertSettingChange(caller: Actor, changeId: string) {
  assertDeveloper(caller);
  const change = await settingChangesStore.get(changeId);
  if (!change) throw new NotFoundError(settingsMessages.changeNotFound);
  await applySettings(caller, [{ key: change.key, value: change.oldValue }], change.id);
  return getSetting(change.key);
}
