import { useSyncExternalStore } from 'react';

/**
 * The chat button's local switches, one per theme (simple, modern, luxury): the button shows when the
 * global `chatEnabled` setting is on AND the current theme's switch here is on. The theme is read
 * from localStorage `adminTheme` (default simple); the per-theme switches live in localStorage
 * `chatConfig` (`{ themes: { simple, modern, luxury } }`, every theme on by default, so the global
 * setting alone decides until someone turns a theme off on /chat-test). Always-loaded code: no zod, no other imports.
 */
export const CHAT_THEMES = ['simple', 'modern', 'luxury'] as const;
const THEME_STORAGE_KEY = 'adminTheme';
const CHAT_CONFIG_STORAGE_KEY = 'chatConfig';
const CHANGED_EVENT = 'chatConfigChanged';

export interface ChatConfig {
  themes: Record<string, boolean>;
}

const defaultChatConfig = (): ChatConfig => ({ themes: { simple: true, modern: true, luxury: true } });

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const currentTheme = (): string => read(THEME_STORAGE_KEY)?.trim() || 'simple';

export function readChatConfig(): ChatConfig {
  const config = defaultChatConfig();
  try {
    const stored = JSON.parse(read(CHAT_CONFIG_STORAGE_KEY) ?? 'null') as Partial<ChatConfig> | null;
    if (stored && typeof stored.themes === 'object' && stored.themes) {
      for (const [theme, on] of Object.entries(stored.themes)) if (typeof on === 'boolean') config.themes[theme] = on;
    }
  } catch {
    // A broken value falls back to the defaults.
  }
  return config;
}

export function writeChatConfig(config: ChatConfig) {
  try {
    localStorage.setItem(CHAT_CONFIG_STORAGE_KEY, JSON.stringify(config));
  } catch {
    // Storage full or blocked: the switch lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

/** The current theme's switch (an unknown theme counts as on). */
const chatOnForTheme = (config = readChatConfig(), theme = currentTheme()) => config.themes[theme] !== false;

function subscribe(listener: () => void) {
  window.addEventListener('storage', listener);
  window.addEventListener(CHANGED_EVENT, listener);
  return () => {
    window.removeEventListener('storage', listener);
    window.removeEventListener(CHANGED_EVENT, listener);
  };
}

const snapshot = () => `${currentTheme()}|${read(CHAT_CONFIG_STORAGE_KEY) ?? ''}`;

/** True while the current theme's chat switch is on; follows other tabs and /chat-test. */
export function useChatThemeOn(): boolean {
  useSyncExternalStore(subscribe, snapshot, snapshot);
  return chatOnForTheme();
}
