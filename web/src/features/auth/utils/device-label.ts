import Bowser from 'bowser';
import { sessionMessages } from '#shared/messages/sessions';

/**
 * A person recognises a session by its browser and system, not by its User-Agent string:
 * 'Chrome 131 · Windows 10 (PC)'. Null when the string names no known browser or system (a script).
 * Read here, in 내 정보's own lazily loaded chunk, so the parser stays out of the auth Lambda.
 */
export function deviceLabel(userAgent: string | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const browserPart = browser.name ? [browser.name, major].filter(Boolean).join(' ') : '';
  const osPart = os.name ? [os.name, os.versionName ?? os.version?.split('.')[0]].filter(Boolean).join(' ') : '';
  const label = [browserPart, osPart].filter(Boolean).join(' · ');
  if (!label) return null;
  const type = platform.type ? sessionMessages.deviceTypes[platform.type] : undefined;
  return type ? `${label} (${type})` : label;
}
