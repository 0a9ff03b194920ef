import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { settingsTabLabels } from '#shared/messages/settings-page';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { useAppSettings, useAppSettingsStatus } from '@/lib/app-settings';
import { FieldConfigsTab } from './field-configs-tab';
import { SettingsHistoryCard } from './settings-history-card';
import { BusinessTab, FeatureTab, ThemeTab } from './settings-tabs';
import styles from './settings.module.css';

/** A tab another feature adds (composed in app/, so this feature imports no other feature). */
export interface ExtraSettingsTab {
  id: string;
  label: string;
  element: ReactNode;
}

interface Tab {
  id: string;
  label: string;
  render: () => ReactNode;
  /** Settings tabs show the change history under the form. */
  history?: boolean;
}

/**
 * /admin/settings (developer only): tabs theme, field, business and feature, plus any
 * the app adds; the selected tab is in the address (?tab=) so a reload stays on it.
 */
export function SystemSettingsPage({ extraTabs = [] }: { extraTabs?: ExtraSettingsTab[] }) {
  const settings = useAppSettings();
  const status = useAppSettingsStatus();
  const [params, setParams] = useSearchParams();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const tabs: Tab[] = [
    { id: 'theme', label: settingsTabLabels.theme, render: () => <ThemeTab settings={settings} />, history: true },
    { id: 'field', label: settingsTabLabels.field, render: () => <FieldConfigsTab /> },
    {
      id: 'business',
      label: settingsTabLabels.business,
      render: () => <BusinessTab settings={settings} />,
      history: true,
    },
    {
      id: 'feature',
      label: settingsTabLabels.feature,
      render: () => <FeatureTab settings={settings} />,
      history: true,
    },
    ...extraTabs.map((t) => ({ id: t.id, label: t.label, render: () => t.element })),
  ];
  const current = tabs.find((t) => t.id === params.get('tab')) ?? tabs[0];

  const select = (id: string, focus = false) => {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', id);
        return next;
      },
      { replace: true },
    );
    if (focus) tabRefs.current[id]?.focus();
  };

  // WAI-ARIA tabs: arrows move between tabs, Home/End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(current);
    const to =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    select(tabs[to].id, true);
  };

  return (
    <>
      <PageHeader
        title="시스템 설정"
        description="테마, 입력 필드, 비즈니스 규칙과 기능을 설정합니다. 저장하면 모든 사용자 화면에 바로 적용됩니다."
      />
      {status === 'error' && (
        <Alert tone="warning" className={styles.notice}>
          설정을 불러오는데 실패했습니다. 지금 보이는 값은 기본값입니다.
        </Alert>
      )}
      <div role="tablist" aria-label="설정 분류" className={styles.tabs}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`settings-tab-${tab.id}`}
            aria-selected={tab === current}
            aria-controls={`settings-panel-${tab.id}`}
            tabIndex={tab === current ? 0 : -1}
            className={styles.tab}
            onClick={() => select(tab.id)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`settings-panel-${current.id}`}
        aria-labelledby={`settings-tab-${current.id}`}
        className={styles.stack}
      >
        {/* Keyed so switching tabs starts each form from the saved values. */}
        <div key={current.id}>{current.render()}</div>
        {current.history && <SettingsHistoryCard />}
      </div>
    </>
  );
}
