import { useEffect, useMemo, useRef, useState } from 'react';
import { settingLabels } from '#shared/messages/settings-page';
import { checkSettingsTogether, checkSettingValue } from '#shared/schemas/settings';
import type { SettingKey, Settings } from '#shared/settings';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { updateSettings, type SettingChange } from '../api/update-settings';

export type SettingsDraft = Partial<Record<SettingKey, unknown>>;

const named = (key: string, message: string) => message.replace(`'${key}'`, `'${settingLabels[key] ?? key}'`);

/**
 * The server's own check of a value (shared/schemas/settings), so the page refuses exactly what the
 * PUT would, with the same sentence; the page names the setting in Korean instead of by its key.
 */
function checkSetting(key: SettingKey, raw: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const result = checkSettingValue(key, raw);
  return result.ok ? { ok: true, value: result.value } : { ok: false, message: named(key, result.message) };
}

interface Texts {
  saved: string;
  failed: string;
}

/**
 * One settings form (a tab, or the site info box): a draft of some keys over the current values,
 * validated per key with the shared schemas, saved in one PUT of the changed keys.
 */
export function useSettingsForm(keys: readonly SettingKey[], current: Settings, texts: Texts) {
  const toast = useToast();
  const initial = useMemo(() => Object.fromEntries(keys.map((k) => [k, current[k]])) as SettingsDraft, [keys, current]);
  const [draft, setDraft] = useState<SettingsDraft>(initial);
  const [errors, setErrors] = useState<Partial<Record<SettingKey, string>>>({});
  const [saving, setSaving] = useState(false);
  const touched = useRef(false);

  // Follows the loaded settings until the developer starts editing (a reload must not wipe edits).
  useEffect(() => {
    if (!touched.current) setDraft(initial);
  }, [initial]);

  const set = (key: SettingKey, value: unknown) => {
    touched.current = true;
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const changedKeys = keys.filter((k) => String(draft[k]) !== String(current[k]));

  async function save(visible: readonly SettingKey[] = keys) {
    const nextErrors: Partial<Record<SettingKey, string>> = {};
    const changes: SettingChange[] = [];
    for (const key of visible) {
      const result = checkSetting(key, draft[key]);
      if (!result.ok) nextErrors[key] = result.message;
      else if (String(result.value) !== String(current[key]))
        changes.push({ key, value: result.value } as SettingChange);
    }
    if (Object.keys(nextErrors).length === 0) {
      const after = { ...current, ...Object.fromEntries(changes.map((c) => [c.key, c.value])) } as Settings;
      const together = checkSettingsTogether(after);
      if (together) nextErrors[together.key] = named(together.key, together.message);
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return false;
    if (changes.length === 0) {
      toast({ tone: 'info', message: '변경된 내용이 없습니다.' });
      return true;
    }
    setSaving(true);
    try {
      await updateSettings(changes);
      touched.current = false;
      toast({ tone: 'success', message: texts.saved });
      return true;
    } catch (error) {
      // The server names the wrong key in details: [{ key, message }].
      if (error instanceof ApiError && Array.isArray(error.details)) {
        const fromServer: Partial<Record<SettingKey, string>> = {};
        for (const d of error.details as { key?: string; field?: string; message?: string }[]) {
          const k = (d.key ?? d.field) as SettingKey | undefined;
          if (k && keys.includes(k) && d.message) fromServer[k] = named(k, d.message);
        }
        setErrors(fromServer);
      }
      toast({ tone: 'error', message: `${texts.failed} ${errorMessage(error, '')}`.trim() });
      return false;
    } finally {
      setSaving(false);
    }
  }

  const reset = () => {
    touched.current = false;
    setDraft(initial);
    setErrors({});
  };

  return { draft, set, errors, saving, save, reset, changedKeys };
}
