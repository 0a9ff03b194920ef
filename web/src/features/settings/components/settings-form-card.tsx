import type { ReactNode } from 'react';
import type { SettingKey, Settings } from '#shared/settings';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSettingsForm, type SettingsDraft } from '../hooks/use-settings-form';
import { SettingControl } from './setting-control';
import styles from './settings.module.css';

interface SettingsFormCardProps {
  title: string;
  description?: ReactNode;
  keys: readonly SettingKey[];
  settings: Settings;
  saved: string;
  failed: string;
  saveLabel?: string;
  /** Keys shown for the current draft (e.g. the allocation count only in pre-allocation mode). */
  visible?: (key: SettingKey, draft: SettingsDraft) => boolean;
  hints?: Partial<Record<SettingKey, string>>;
  /** Extra content under the inputs, given the draft (theme previews). */
  children?: (draft: SettingsDraft, set: (key: SettingKey, value: unknown) => void) => ReactNode;
}

/** A box of settings saved together with one button (a tab, or the separate site info form). */
export function SettingsFormCard({
  title,
  description,
  keys,
  settings,
  saved,
  failed,
  saveLabel = '저장',
  visible,
  hints,
  children,
}: SettingsFormCardProps) {
  const form = useSettingsForm(keys, settings, { saved, failed });
  const shown = keys.filter((k) => (visible ? visible(k, form.draft) : true));
  return (
    <Card title={title} description={description}>
      <form
        className={styles.form}
        aria-label={title}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.save(shown);
        }}
      >
        <div className={styles.grid}>
          {shown.map((key) => (
            <SettingControl
              key={key}
              settingKey={key}
              value={form.draft[key]}
              error={form.errors[key]}
              hint={hints?.[key]}
              onChange={(v) => form.set(key, v)}
            />
          ))}
        </div>
        {children?.(form.draft, form.set)}
        <div className={styles.formActions}>
          <Button
            type="button"
            variant="secondary"
            onClick={form.reset}
            disabled={form.saving || form.changedKeys.length === 0}
          >
            되돌리기
          </Button>
          <Button type="submit" loading={form.saving}>
            {saveLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
