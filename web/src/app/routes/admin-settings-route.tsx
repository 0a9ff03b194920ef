import { SystemSettingsPage, type ExtraSettingsTab } from '@/features/settings/components/system-settings-page';
import { WorkerKeysPanel } from '@/features/rank-worker-keys/components/worker-keys-panel';

/**
 * Tabs other features add to /admin/settings go here (features never import each other; the app
 * composes them), e.g. the rank feature's worker-keys panel.
 */
const extraTabs: ExtraSettingsTab[] = [{ id: 'rank-workers', label: '순위 수집기', element: <WorkerKeysPanel /> }];

export function AdminSettingsRoute() {
  return <SystemSettingsPage extraTabs={extraTabs} />;
}
