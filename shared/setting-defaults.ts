import type { Settings, SettingsByCategory } from './settings';

/**
 * Every system setting's category and default (where two were possible, see 'Defaults where the spec
 * gives two' in docs/decisions.md), with no schema library: the SPA's shell reads these (defaults before the
 * first answer, the page title) without loading zod. The rules each value must follow are in
 * shared/settings.ts, which the server and the settings page use.
 */
export const settingCategories = ['business', 'theme', 'feature'] as const;
export type SettingCategory = (typeof settingCategories)[number];

export const themes = ['simple', 'modern', 'luxury'] as const;
const layouts = ['classic', 'modern', 'minimal', 'dashboard'] as const;
/**
 * Layout options (sidebar narrow/normal/wide, content full/container/narrow,
 * padding none/normal/large), applied by every preset. `preset` keeps the layout preset's own value
 * (dashboard: wide sidebar, full content; minimal: large padding; the others normal/container/normal).
 */
const sidebarWidths = ['preset', 'narrow', 'normal', 'wide'] as const;
const contentWidths = ['preset', 'full', 'container', 'narrow'] as const;
const contentPaddings = ['preset', 'none', 'normal', 'large'] as const;

export const settingDefaults = {
  // business
  useCashSystem: { category: 'business', default: true },
  cashChargeMode: { category: 'business', default: 'modal', values: ['modal', 'page'] },
  defaultSlotPrice: { category: 'business', default: 50000 },
  minCashCharge: { category: 'business', default: 10000 },
  maxCashCharge: { category: 'business', default: 1000000 },
  maxSlotsPerUser: { category: 'business', default: 100 },
  slotAutoApproval: { category: 'business', default: false },
  cashAutoApproval: { category: 'business', default: false },
  maintenanceMode: { category: 'business', default: false },
  registrationEnabled: { category: 'business', default: true },
  slotOperationMode: { category: 'business', default: 'normal', values: ['normal', 'pre-allocation'] },
  defaultSlotAllocation: { category: 'business', default: 10 },
  /** Normal-mode slots run this many KST days from approval, end date inclusive: see 'Normal-mode slots run
   * slotDurationDays from approval' in docs/decisions.md. */
  slotDurationDays: { category: 'business', default: 30 },
  /** The account advertisers transfer to; all empty = the charge form says to ask the operator. */
  depositBankName: { category: 'business', default: '' },
  depositAccountNumber: { category: 'business', default: '' },
  depositAccountHolder: { category: 'business', default: '' },
  /**
   * A rank whose newest healthy check (found or not found) is older than this many hours is shown as
   * '측정 지연' on every screen, not as the current rank.
   */
  rankDelayHours: { category: 'business', default: 36 },
  // theme
  siteName: { category: 'theme', default: 'Simple Slot' },
  siteTitle: { category: 'theme', default: '키워드 순위 광고 슬롯 관리' },
  logoUrl: { category: 'theme', default: '' },
  globalTheme: { category: 'theme', default: 'simple', values: themes },
  globalLayout: { category: 'theme', default: 'classic', values: layouts },
  layoutSidebarWidth: { category: 'theme', default: 'preset', values: sidebarWidths },
  layoutContentWidth: { category: 'theme', default: 'preset', values: contentWidths },
  layoutPadding: { category: 'theme', default: 'preset', values: contentPaddings },
  // feature
  chatEnabled: { category: 'feature', default: false },
  chatMaxMessages: { category: 'feature', default: 100 },
  chatSoundEnabled: { category: 'feature', default: true },
  notificationEnabled: { category: 'feature', default: true },
  notificationSound: { category: 'feature', default: true },
  notificationAutoRead: { category: 'feature', default: false },
  notificationDuration: { category: 'feature', default: 5000 },
  featureCashHistory: { category: 'feature', default: true },
  featureRanking: { category: 'feature', default: true },
  featureSlotManagement: { category: 'feature', default: true },
  /**
   * Operators and developers sign in with a second factor. On in every deployed stage; local mode
   * stores and reads it as off (functions/domain/settings/settings-service.ts `stageDefaults`), so
   * `npm start` stays a one-command demo. A security setting: developers only, with a fresh code.
   */
  staffSecondFactorRequired: { category: 'feature', default: true },
  /** Rank alerts: staff are told when no worker has called for this many minutes while pairs are due. */
  rankAlertSilenceMinutes: { category: 'feature', default: 60 },
  /** Rank alerts: from this KST hour on, staff are told once a day when too few of today's pairs are checked. */
  rankCoverageAlertHour: { category: 'feature', default: 18 },
  /** Rank alerts: the share of today's pairs (percent) that must be checked by that hour. */
  rankCoverageMinPercent: { category: 'feature', default: 80 },
} as const satisfies Record<string, { category: SettingCategory; default: unknown; values?: readonly string[] }>;

export type SettingKey = keyof typeof settingDefaults;

/** Settings only a developer changes, and only with a code from the last 15 minutes (step-up). */
export const securitySettingKeys: readonly SettingKey[] = ['staffSecondFactorRequired'];

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(settingDefaults, key);

export function defaultSettings(): Settings {
  return Object.fromEntries(Object.entries(settingDefaults).map(([k, d]) => [k, d.default])) as Settings;
}

/**
 * The settings the server answered (already validated there) over the defaults: only known keys,
 * each only with its default's type (and one of its values, for a choice), so a malformed answer or
 * an unknown theme cannot break the shell.
 */
export function settingsFromAnswer(values: Record<string, unknown>): Settings {
  const out = defaultSettings() as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) {
    if (!isSettingKey(key) || typeof value !== typeof settingDefaults[key].default) continue;
    const allowed: readonly unknown[] | undefined = (settingDefaults[key] as { values?: readonly string[] }).values;
    if (!allowed || allowed.includes(value)) out[key] = value;
  }
  return out as Settings;
}

export function groupByCategory(settings: Settings): SettingsByCategory {
  const out: SettingsByCategory = { business: {}, theme: {}, feature: {} };
  for (const [key, value] of Object.entries(settings)) {
    if (!isSettingKey(key)) continue;
    (out[settingDefaults[key].category] as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** The page title the SPA sets, built from siteName and siteTitle. */
export const pageTitle = (s: Pick<Settings, 'siteName' | 'siteTitle'>) =>
  s.siteTitle ? `${s.siteName} - ${s.siteTitle}` : s.siteName;
