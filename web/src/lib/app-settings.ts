import { createContext, useContext } from 'react';
import { defaultSettings } from '#shared/setting-defaults';
import type { Settings } from '#shared/settings';

/**
 * The current system settings, readable by every feature without importing the settings feature
 * (features never import each other). The app fills it from features/settings; until the first
 * load, and when loading fails, the defaults apply.
 */
export interface AppSettingsValue {
  settings: Settings;
  status: 'loading' | 'ready' | 'error';
}

export const AppSettingsContext = createContext<AppSettingsValue>({ settings: defaultSettings(), status: 'loading' });

export const useAppSettings = (): Settings => useContext(AppSettingsContext).settings;

export const useAppSettingsStatus = () => useContext(AppSettingsContext).status;

/**
 * The window event that makes the app re-read the settings at once. Lives here so
 * the HTTP client and any feature can fire it without importing the settings feature.
 */
export const SETTINGS_CHANGED_EVENT = 'systemSettingsChanged';
