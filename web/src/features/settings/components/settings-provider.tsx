import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { commonMessages } from '#shared/messages/common';
import { defaultSettings, pageTitle } from '#shared/setting-defaults';
import { useToast } from '@/components/ui/toast';
import { AppSettingsContext, type AppSettingsValue } from '@/lib/app-settings';
import { useSystemSettings } from '../api/get-system-settings';

const defaults = defaultSettings();

/**
 * Loads the system settings and hands them to the whole app (lib/app-settings). Until they arrive,
 * and when loading fails, the defaults apply: simple theme, classic layout.
 * Also sets the page title and the theme on <html>.
 */
export function SettingsProvider({ children }: { children: ReactNode }) {
  const { data, error } = useSystemSettings();
  const toast = useToast();

  const value = useMemo<AppSettingsValue>(
    () => ({ settings: data ?? defaults, status: data ? 'ready' : error ? 'error' : 'loading' }),
    [data, error],
  );

  // Once per page load: retries and route changes may fail again without repeating the toast.
  const warned = useRef(false);
  useEffect(() => {
    if (error && !data && !warned.current) {
      warned.current = true;
      toast({ tone: 'warning', message: commonMessages.settingsLoadFailed });
    }
  }, [error, data, toast]);

  // Before paint: a page never shows one frame in the default theme once the settings are known.
  useLayoutEffect(() => {
    document.title = pageTitle(value.settings);
    document.documentElement.dataset.theme = value.settings.globalTheme;
  }, [value.settings]);

  return <AppSettingsContext.Provider value={value}>{children}</AppSettingsContext.Provider>;
}
