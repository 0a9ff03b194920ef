import type { SettingKey } from '../../shared/settings';

/**
 * Every setting on /admin/settings does what its label says. For each key, the
 * tests that change it the way an operator does (PUT /api/system-settings, or the settings page that
 * calls it) and observe what a user would notice: a server answer, or a screen. test/unit/
 * setting-effects.test.ts fails when a key has no entry, or an entry names a test that does not exist
 * or never mentions the key. A new setting needs its proof here before it can land.
 */
export interface SettingEffectTest {
  /** Path from the repository root. */
  file: string;
  /** The test's exact title. */
  test: string;
}

const integration = 'test/integration/settings.test.ts';
const browserEffects = 'test/browser/setting-effects.test.ts';
const browserSettings = 'test/browser/settings.test.ts';
const customerView = 'test/browser/customer-view.test.ts';
const fieldTypes = 'test/browser/field-types.test.ts';

const shell =
  'the advertiser’s shell follows the site name and title, the logo, the menu switches, the charge mode and the notification switches';
const chat =
  'chat: the advertiser’s conversation shows the latest chatMaxMessages, and support’s answer sounds only while chatSoundEnabled';
const toasts =
  'the developer sets a 2 s display time and auto-read; the advertiser’s toast leaves after 2 s and counts as read';
const deposit =
  'an advertiser sees the deposit account (depositBankName, depositAccountNumber, depositAccountHolder) with a copy button, and edits their own bank details';
const layoutOptions =
  'a developer previews a wider sidebar, a narrow content and larger padding before saving; the advertiser’s pages use them once saved';
const rankFreshnessJourney =
  'a rank older than rankDelayHours shows as 측정 지연 with its time on My slots, the rank history and the ranking page; a fresh one shows its time';
const console_ =
  'the operator’s console follows featureSlotManagement, and the issuance dialog starts at defaultSlotAllocation';
const rankCoverage =
  'rankCoverageAlertHour and rankCoverageMinPercent: too few of today’s pairs checked by that hour tells staff once that day';

export const settingEffects: Record<SettingKey, SettingEffectTest[]> = {
  useCashSystem: [
    { file: integration, test: 'useCashSystem off closes the cash routes (409) and makes registration free' },
  ],
  cashChargeMode: [{ file: browserEffects, test: shell }],
  defaultSlotPrice: [{ file: integration, test: 'defaultSlotPrice sets what a registration costs' }],
  minCashCharge: [{ file: integration, test: 'minCashCharge and maxCashCharge bound a charge request' }],
  maxCashCharge: [{ file: integration, test: 'minCashCharge and maxCashCharge bound a charge request' }],
  maxSlotsPerUser: [{ file: integration, test: 'maxSlotsPerUser caps how many slots a user holds' }],
  slotAutoApproval: [{ file: integration, test: 'slotAutoApproval on registers slots active; off, pending' }],
  cashAutoApproval: [{ file: integration, test: 'cashAutoApproval on approves a charge request at once' }],
  maintenanceMode: [
    {
      file: integration,
      test: 'refuses a user’s writes (503, Korean) while reads, sign-in and staff work go on; off again, the user writes',
    },
    {
      file: browserSettings,
      test: 'maintenance: advertisers see the notice and cannot write; staff keep working with a banner',
    },
  ],
  registrationEnabled: [{ file: integration, test: 'registrationEnabled off closes sign-up with the product text' }],
  slotOperationMode: [
    { file: integration, test: 'slotOperationMode pre-allocation stops direct registration and opens issuance' },
    { file: browserSettings, test: 'pre-allocation mode changes the admin and the user slot screens' },
  ],
  defaultSlotAllocation: [{ file: browserEffects, test: console_ }],
  slotDurationDays: [
    { file: integration, test: 'slotDurationDays sets how many days an approved slot runs (end inclusive)' },
  ],
  rankDelayHours: [
    {
      file: integration,
      test: 'rankDelayHours: 36 hours until changed, 1~720 whole hours, anything else refused in Korean with nothing written',
    },
    { file: 'test/browser/ranking.test.ts', test: rankFreshnessJourney },
  ],
  depositBankName: [{ file: customerView, test: deposit }],
  depositAccountNumber: [{ file: customerView, test: deposit }],
  depositAccountHolder: [{ file: customerView, test: deposit }],
  siteName: [{ file: browserEffects, test: shell }],
  siteTitle: [{ file: browserEffects, test: shell }],
  logoUrl: [{ file: browserEffects, test: shell }],
  globalTheme: [
    {
      file: browserSettings,
      test: 'luxury theme and dashboard layout reach every page, for the developer and an advertiser',
    },
  ],
  globalLayout: [
    {
      file: browserSettings,
      test: 'luxury theme and dashboard layout reach every page, for the developer and an advertiser',
    },
  ],
  layoutSidebarWidth: [{ file: fieldTypes, test: layoutOptions }],
  layoutContentWidth: [{ file: fieldTypes, test: layoutOptions }],
  layoutPadding: [{ file: fieldTypes, test: layoutOptions }],
  chatEnabled: [
    {
      file: 'test/integration/chat.test.ts',
      test: 'an advertiser opens no room and sends nothing (409, nothing written, nothing counted) but keeps reading; staff still answer',
    },
    { file: browserEffects, test: chat },
  ],
  chatMaxMessages: [
    { file: integration, test: 'chatMaxMessages caps every page of a conversation to the newest N' },
    { file: browserEffects, test: chat },
  ],
  chatSoundEnabled: [{ file: browserEffects, test: chat }],
  notificationEnabled: [{ file: browserEffects, test: shell }],
  notificationSound: [{ file: browserEffects, test: shell }],
  notificationAutoRead: [{ file: browserEffects, test: toasts }],
  notificationDuration: [{ file: browserEffects, test: toasts }],
  featureCashHistory: [{ file: browserEffects, test: shell }],
  featureRanking: [
    { file: integration, test: 'featureRanking off closes the ranking pages’ data with the product text' },
    { file: browserEffects, test: shell },
  ],
  featureSlotManagement: [{ file: browserEffects, test: console_ }],
  rankAlertSilenceMinutes: [
    {
      file: 'test/integration/rank-operations.test.ts',
      test: 'rankAlertSilenceMinutes: no worker call for that long tells each staff member once; a call clears it and the next silence tells them again',
    },
  ],
  rankCoverageAlertHour: [{ file: 'test/integration/rank-operations.test.ts', test: rankCoverage }],
  rankCoverageMinPercent: [{ file: 'test/integration/rank-operations.test.ts', test: rankCoverage }],
  staffSecondFactorRequired: [
    {
      file: 'test/integration/second-factor.test.ts',
      test: 'staffSecondFactorRequired on: a staff member without a second factor can do nothing but enrol',
    },
  ],
};
