import { ulid } from 'ulid';
import {
  groupByCategory,
  isSettingKey,
  mergeSettings,
  settingCategories,
  settingDefinitions,
  type SettingCategory,
  type SettingKey,
  type Settings,
} from '#shared/settings';
import { checkSettingsTogether, checkSettingValue, type SettingChange, type SettingHistoryQuery } from '#shared/schemas/settings';
import { settingsMessages } from '#shared/messages/settings';
import { commonMessages } from '#shared/messages/common';
import { settingsStore, type SettingWrite } from '../../storage/settings';
import { usersStore } from '../../storage/users';
import { ConflictError, DomainError, ForbiddenError, NotFoundError } from '#commons/errors';
import { isConditionFailure } from '#commons/store-errors';
import { offsetOf, paginate } from '#commons/pagination';
import { config } from '#commons/config';
import { assertDeveloper } from '#commons/role-guards';
import { isStaff, type Role } from '#shared/roles';

/**
 * Settings are read on almost every request; 10 s of staleness is the spec's own cache window. A
 * write clears this process's copy at once; other Lambda instances (and other groups' functions) keep
 * theirs until it is 10 s old, so a change reaches every reader within 10 s.
 */
const CACHE_MS = 10_000;
let cache: { at: number; table: string; value: Settings } | undefined;

export async function getSettings(): Promise<Settings> {
  const table = config().tableName;
  if (cache && cache.table === table && Date.now() - cache.at < CACHE_MS) return cache.value;
  const value = mergeSettings(await settingsStore.readAll());
  cache = { at: Date.now(), table, value };
  return value;
}

/** Writers call this so the next read in this process sees the change at once. */
export function invalidateSettingsCache() {
  cache = undefined;
}

export async function getSettingsByCategory() {
  return groupByCategory(await getSettings());
}

export async function getCategory(category: string) {
  if (!(settingCategories as readonly string[]).includes(category)) throw new NotFoundError(commonMessages.settingsCategoryNotFound);
  return groupByCategory(await getSettings())[category as SettingCategory];
}

export async function getSetting(key: string) {
  if (!isSettingKey(key)) throw new NotFoundError(commonMessages.settingNotFound);
  const settings = await getSettings();
  return { key, value: settings[key], category: settingDefinitions[key].category };
}

/** GET /api/health: the store answers (a settings read), or the product is degraded. */
export async function checkHealth(): Promise<{ storeReachable: boolean; checkedAt: string }> {
  const checkedAt = new Date().toISOString();
  try {
    await settingsStore.readAll();
    return { storeReachable: true, checkedAt };
  } catch {
    return { storeReachable: false, checkedAt };
  }
}

/** First start on an empty table: store every default so operators see (and can edit) them. */
export async function seedDefaultSettings(): Promise<number> {
  let written = 0;
  for (const [key, def] of Object.entries(settingDefinitions)) {
    if (await settingsStore.put(key, def.default, def.category, 'system', true)) written += 1;
  }
  invalidateSettingsCache();
  return written;
}

// --- writes (issue 11) ---------------------------------------------------------------------------

interface Actor {
  userId: string;
  role: Role;
}

/** One entry of a write as sent: `{ key, value, category? }`. */
export interface SettingInput {
  key: string;
  value: unknown;
  category?: SettingCategory;
}

/** Operator-console §5/§6: only operators and developers change settings ('Only administrators can update settings'). */
function assertMayUpdate(caller: Actor) {
  if (!isStaff(caller.role)) throw new ForbiddenError(settingsMessages.onlyAdministrators);
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
async function applySettings(caller: Actor, entries: SettingInput[], revertOf: string | null = null): Promise<SettingChange[]> {
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
  const before = mergeSettings(stored);
  const after = { ...before, ...Object.fromEntries(values) } as Settings;
  const together = checkSettingsTogether(after);
  if (together) refuse([together]);

  const changed = [...values].filter(([key, value]) => !sameValue(before[key], value));
  if (!changed.length) return [];
  const actor = await usersStore.get(caller.userId);
  const changedAt = new Date().toISOString();
  const writes: SettingWrite[] = changed.map(([key, value]) => ({
    key,
    value,
    category: settingDefinitions[key].category,
    storedBefore: stored[key],
    change: {
      id: ulid(),
      key,
      category: settingDefinitions[key].category,
      oldValue: before[key],
      newValue: value,
      changedBy: { id: caller.userId, name: actor?.fullName ?? '' },
      changedAt,
      revertOf,
    },
  }));
  try {
    await settingsStore.writeChanges(writes);
  } catch (err) {
    if (isConditionFailure(err)) throw new ConflictError(settingsMessages.changedConcurrently);
    throw err;
  }
  invalidateSettingsCache();
  return writes.map((w) => w.change);
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
  const all = await settingsStore.listChanges(query.key);
  const start = offsetOf(query.page, query.limit);
  return paginate(all.slice(start, start + query.limit), query.page, query.limit, all.length);
}

/**
 * POST /api/system-settings/history/{id}/revert (developer): the key goes back to that change's old
 * value, logged as a new change that names the one it undid. Already at that value: nothing written.
 */
export async function revertSettingChange(caller: Actor, changeId: string) {
  assertDeveloper(caller);
  const change = await settingsStore.getChange(changeId);
  if (!change) throw new NotFoundError(settingsMessages.changeNotFound);
  await applySettings(caller, [{ key: change.key, value: change.oldValue }], change.id);
  return getSetting(change.key);
}
