import { depositAccountReasonText, logoUrlReasonText } from './messages/settings';
import { z } from './zod';
import {
  settingDefaults,
  defaultSettings,
  isSettingKey,
  type SettingCategory,
  type SettingKey,
} from './setting-defaults';

/**
 * Every system setting's rule (type, range, enumeration), over its category and default from
 * shared/setting-defaults.ts. Reads merge stored values over the defaults, so a new setting works
 * before anyone saves it.
 */
export {
  settingCategories,
  themes,
  defaultSettings,
  isSettingKey,
  securitySettingKeys,
  groupByCategory,
} from './setting-defaults';
export type { SettingCategory, SettingKey } from './setting-defaults';

const int = (min: number, max: number) => z.coerce.number().check(z.int(), z.gte(min), z.lte(max));
const bool = z.union([
  z.boolean(),
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((v) => v === 'true'),
  ),
]);

export const settingDefinitions = {
  // business
  useCashSystem: { ...settingDefaults.useCashSystem, schema: bool },
  cashChargeMode: { ...settingDefaults.cashChargeMode, schema: z.enum(settingDefaults.cashChargeMode.values) },
  defaultSlotPrice: { ...settingDefaults.defaultSlotPrice, schema: int(0, 100_000_000) },
  minCashCharge: { ...settingDefaults.minCashCharge, schema: int(0, 1_000_000_000) },
  maxCashCharge: { ...settingDefaults.maxCashCharge, schema: int(0, 1_000_000_000) },
  maxSlotsPerUser: { ...settingDefaults.maxSlotsPerUser, schema: int(0, 1_000_000) },
  slotAutoApproval: { ...settingDefaults.slotAutoApproval, schema: bool },
  cashAutoApproval: { ...settingDefaults.cashAutoApproval, schema: bool },
  maintenanceMode: { ...settingDefaults.maintenanceMode, schema: bool },
  registrationEnabled: { ...settingDefaults.registrationEnabled, schema: bool },
  slotOperationMode: { ...settingDefaults.slotOperationMode, schema: z.enum(settingDefaults.slotOperationMode.values) },
  defaultSlotAllocation: { ...settingDefaults.defaultSlotAllocation, schema: int(1, 100) },
  /** Normal-mode slots run this many KST days from approval, end date inclusive. */
  slotDurationDays: { ...settingDefaults.slotDurationDays, schema: int(1, 3650) },
  depositBankName: { ...settingDefaults.depositBankName, schema: z.string().check(z.trim(), z.maxLength(30)) },
  /** Digits with optional hyphens (as banks print them), or empty. */
  depositAccountNumber: {
    ...settingDefaults.depositAccountNumber,
    schema: z.string().check(
      z.trim(),
      z.maxLength(30),
      z.refine((v) => v === '' || /^\d[\d-]*\d$/.test(v), { error: depositAccountReasonText }),
    ),
  },
  depositAccountHolder: {
    ...settingDefaults.depositAccountHolder,
    schema: z.string().check(z.trim(), z.maxLength(30)),
  },
  /** Up to 30 days: a longer window would hide a worker that stopped long ago. */
  rankDelayHours: { ...settingDefaults.rankDelayHours, schema: int(1, 720) },
  // theme
  siteName: { ...settingDefaults.siteName, schema: z.string().check(z.trim(), z.minLength(1), z.maxLength(50)) },
  siteTitle: { ...settingDefaults.siteTitle, schema: z.string().check(z.trim(), z.maxLength(100)) },
  /** Empty, an http(s) address or a path on this site: never `javascript:`, `data:` or `//host`. */
  logoUrl: {
    ...settingDefaults.logoUrl,
    schema: z.string().check(
      z.trim(),
      z.maxLength(500),
      z.refine((v) => v === '' || /^https?:\/\/[^\s\\]+$/i.test(v) || /^\/(?![/\\])[^\s\\]*$/.test(v), {
        error: logoUrlReasonText,
      }),
    ),
  },
  globalTheme: { ...settingDefaults.globalTheme, schema: z.enum(settingDefaults.globalTheme.values) },
  globalLayout: { ...settingDefaults.globalLayout, schema: z.enum(settingDefaults.globalLayout.values) },
  layoutSidebarWidth: {
    ...settingDefaults.layoutSidebarWidth,
    schema: z.enum(settingDefaults.layoutSidebarWidth.values),
  },
  layoutContentWidth: {
    ...settingDefaults.layoutContentWidth,
    schema: z.enum(settingDefaults.layoutContentWidth.values),
  },
  layoutPadding: { ...settingDefaults.layoutPadding, schema: z.enum(settingDefaults.layoutPadding.values) },
  // feature
  chatEnabled: { ...settingDefaults.chatEnabled, schema: bool },
  chatMaxMessages: { ...settingDefaults.chatMaxMessages, schema: int(1, 10000) },
  chatSoundEnabled: { ...settingDefaults.chatSoundEnabled, schema: bool },
  notificationEnabled: { ...settingDefaults.notificationEnabled, schema: bool },
  notificationSound: { ...settingDefaults.notificationSound, schema: bool },
  notificationAutoRead: { ...settingDefaults.notificationAutoRead, schema: bool },
  notificationDuration: { ...settingDefaults.notificationDuration, schema: int(1000, 30000) },
  featureCashHistory: { ...settingDefaults.featureCashHistory, schema: bool },
  featureRanking: { ...settingDefaults.featureRanking, schema: bool },
  featureSlotManagement: { ...settingDefaults.featureSlotManagement, schema: bool },
  staffSecondFactorRequired: { ...settingDefaults.staffSecondFactorRequired, schema: bool },
  rankAlertSilenceMinutes: { ...settingDefaults.rankAlertSilenceMinutes, schema: int(5, 1440) },
  rankCoverageAlertHour: { ...settingDefaults.rankCoverageAlertHour, schema: int(0, 23) },
  rankCoverageMinPercent: { ...settingDefaults.rankCoverageMinPercent, schema: int(1, 100) },
} as const satisfies Record<SettingKey, { category: SettingCategory; schema: z.ZodType; default: unknown }>;

export type Settings = {
  -readonly [K in SettingKey]: (typeof settingDefinitions)[K]['default'] extends boolean
    ? boolean
    : (typeof settingDefinitions)[K]['default'] extends number
      ? number
      : z.output<(typeof settingDefinitions)[K]['schema']>;
};

export type SettingsByCategory = Record<SettingCategory, Partial<Settings>>;

/**
 * Stored values over defaults (`defaults`: where the stage has its own, see settings-service.ts); a
 * stored value that no longer parses falls back to the default.
 */
export function mergeSettings(stored: Record<string, unknown>, defaults: Partial<Settings> = {}): Settings {
  const out = { ...defaultSettings(), ...defaults } as Record<string, unknown>;
  for (const [key, raw] of Object.entries(stored)) {
    if (!isSettingKey(key)) continue;
    const parsed = settingDefinitions[key].schema.safeParse(raw);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Settings;
}
