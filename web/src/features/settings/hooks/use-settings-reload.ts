import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SETTINGS_CHANGED_EVENT } from '@/lib/app-settings';
import { reloadSystemSettings, reloadSystemSettingsIfStale } from '../api/get-system-settings';

/** Settings reload on each route change (within the 10 s cache) and on the window event. */
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
