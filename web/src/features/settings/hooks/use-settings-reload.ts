import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { reloadSystemSettings, reloadSystemSettingsIfStale } from '../api/get-system-settings';

/** Window event another part of the app fires after changing settings (spec §7 Events). */
export const SETTINGS_CHANGED_EVENT = 'systemSettingsChanged';

/** Spec §7: settings reload on each route change (within the 10 s cache) and on the window event. */
export function useSettingsReload() {
  const { pathname } = useLocation();
  useEffect(() => {
    reloadSystemSettingsIfStale();
  }, [pathname]);

  useEffect(() => {
    const onChanged = () => reloadSystemSettings();
    window.addEventListener(SETTINGS_CHANGED_EVENT, onChanged);
    return () => window.removeEventListener(SETTINGS_CHANGED_EVENT, onChanged);
  }, []);
}
