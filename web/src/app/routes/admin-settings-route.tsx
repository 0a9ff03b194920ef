import { SystemSettingsPage, type ExtraSettingsTab } from '@/features/settings/components/system-settings-page';

/**
 * Tabs other features add to /admin/settings go here (features never import each other; the app
 * composes them), e.g. the rank feature's worker-keys panel.
 */
const extraTabs: ExtraSettingsTab[] = [];

export function AdminSettingsRoute() {
  return <SystemSettingsPage extraTabs={extraTabs} />;
}
