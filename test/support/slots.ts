import { settingDefinitions, type SettingKey, type Settings } from '../../shared/settings';
import { credit, getBalance } from '../../functions/domain/cash/ledger';
import { invalidateSettingsCache } from '../../functions/domain/settings/settings-service';
import { settingsStore } from '../../functions/storage/settings';
import { apiClient } from './http';
import type { LocalStack } from './local-stack';

/** Helpers the slot integration tests share: accounts with money, settings, valid rows. */

export const productUrl = (n: number) =>
  `https://www.coupang.com/vp/products/${1000 + n}?itemId=${2000 + n}&vendorItemId=${3000 + n}`;
export const row = (n: number, extra: Record<string, string> = {}) => ({
  customFields: { keywords: `키워드${n}`, landingUrl: productUrl(n), mid: `M${n}`, ...extra },
});

export async function setSetting<K extends SettingKey>(key: K, value: Settings[K]) {
  await settingsStore.put(key, value, settingDefinitions[key].category, 'test');
  invalidateSettingsCache();
}

/** Restores the defaults a test file changed. */
export async function resetSettings(...keys: SettingKey[]) {
  for (const key of keys) await setSetting(key, settingDefinitions[key].default as never);
}

export async function fund(userId: string, amount: number) {
  await credit({
    userId,
    amount,
    type: 'charge',
    description: '테스트 충전',
    referenceId: 'test',
    idempotencyKey: `fund-${crypto.randomUUID()}`,
  });
}

export const balanceOf = async (userId: string) => (await getBalance(userId)).amount;

let counter = 0;
/** A new advertiser (or staff) account, signed in. */
export async function newAccount(
  stack: LocalStack,
  opts: { role?: 'user' | 'operator' | 'developer'; balance?: number; name?: string } = {},
) {
  const api = apiClient(stack.url);
  const email = `acct${Date.now().toString(36)}${++counter}`;
  const { id } = await stack.createUser({
    email,
    password: 'secret12',
    fullName: opts.name ?? `광고주${counter}`,
    role: opts.role,
  });
  if (opts.balance) await fund(id, opts.balance);
  const { token } = await api.login(email, 'secret12');
  return { id, email, token };
}
