import { z } from './zod';

/**
 * Every system setting: its category, type and default (spec §9 of both files; design §8 decides
 * where the spec reads two ways). Reads merge stored values over these defaults, so a new setting
 * works before anyone saves it.
 */
export const settingCategories = ['business', 'theme', 'feature'] as const;
export type SettingCategory = (typeof settingCategories)[number];

export const themes = ['simple', 'modern', 'luxury'] as const;
export const layouts = ['classic', 'modern', 'minimal', 'dashboard'] as const;

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const settingDefinitions = {
  // business
  useCashSystem: { category: 'business', schema: bool, default: true },
  cashChargeMode: { category: 'business', schema: z.enum(['modal', 'page']), default: 'modal' },
  defaultSlotPrice: { category: 'business', schema: int(0, 100_000_000), default: 50000 },
  minCashCharge: { category: 'business', schema: int(0, 1_000_000_000), default: 10000 },
  maxCashCharge: { category: 'business', schema: int(0, 1_000_000_000), default: 1000000 },
  maxSlotsPerUser: { category: 'business', schema: int(0, 1_000_000), default: 100 },
  slotAutoApproval: { category: 'business', schema: bool, default: false },
  cashAutoApproval: { category: 'business', schema: bool, default: false },
  maintenanceMode: { category: 'business', schema: bool, default: false },
  registrationEnabled: { category: 'business', schema: bool, default: true },
  slotOperationMode: { category: 'business', schema: z.enum(['normal', 'pre-allocation']), default: 'normal' },
  defaultSlotAllocation: { category: 'business', schema: int(1, 100), default: 10 },
  /** Design §8: normal-mode slots run this many KST days from approval, end date inclusive. */
  slotDurationDays: { category: 'business', schema: int(1, 3650), default: 30 },
  // theme
  siteName: { category: 'theme', schema: z.string().trim().min(1).max(50), default: 'Simple Slot' },
  siteTitle: { category: 'theme', schema: z.string().trim().max(100), default: '키워드 순위 광고 슬롯 관리' },
  logoUrl: { category: 'theme', schema: z.string().trim().max(500), default: '' },
  globalTheme: { category: 'theme', schema: z.enum(themes), default: 'simple' },
  globalLayout: { category: 'theme', schema: z.enum(layouts), default: 'classic' },
  // feature
  chatEnabled: { category: 'feature', schema: bool, default: false },
  chatMaxMessages: { category: 'feature', schema: int(1, 10000), default: 100 },
  chatSoundEnabled: { category: 'feature', schema: bool, default: true },
  notificationEnabled: { category: 'feature', schema: bool, default: true },
  notificationSound: { category: 'feature', schema: bool, default: true },
  notificationAutoRead: { category: 'feature', schema: bool, default: false },
  notificationDuration: { category: 'feature', schema: int(1000, 30000), default: 5000 },
  featureCashHistory: { category: 'feature', schema: bool, default: true },
  featureRanking: { category: 'feature', schema: bool, default: true },
  featureSlotManagement: { category: 'feature', schema: bool, default: true },
} as const satisfies Record<string, { category: SettingCategory; schema: z.ZodType; default: unknown }>;

export type SettingKey = keyof typeof settingDefinitions;
export type Settings = { -readonly [K in SettingKey]: (typeof settingDefinitions)[K]['default'] extends boolean
  ? boolean
  : (typeof settingDefinitions)[K]['default'] extends number
    ? number
    : z.output<(typeof settingDefinitions)[K]['schema']> };

export type SettingsByCategory = Record<SettingCategory, Partial<Settings>>;

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(settingDefinitions, key);

export function defaultSettings(): Settings {
  return Object.fromEntries(Object.entries(settingDefinitions).map(([k, d]) => [k, d.default])) as Settings;
}

/** Stored values over defaults; a stored value that no longer parses falls back to the default. */
export function mergeSettings(stored: Record<string, unknown>): Settings {
  const out = defaultSettings() as Record<string, unknown>;
  for (const [key, raw] of Object.entries(stored)) {
    if (!isSettingKey(key)) continue;
    const parsed = settingDefinitions[key].schema.safeParse(raw);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Settings;
}

export function groupByCategory(settings: Settings): SettingsByCategory {
  const out: SettingsByCategory = { business: {}, theme: {}, feature: {} };
  for (const [key, value] of Object.entries(settings)) {
    const def = settingDefinitions[key as SettingKey];
    (out[def.category] as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** The page title the SPA sets (spec: built from siteName and siteTitle). */
export const pageTitle = (s: Pick<Settings, 'siteName' | 'siteTitle'>) =>
  s.siteTitle ? `${s.siteName} - ${s.siteTitle}` : s.siteName;
