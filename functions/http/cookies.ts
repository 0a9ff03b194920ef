import { config } from '#commons/config';
import { SESSION_HINT_COOKIE } from '#shared/session-hint';
import { REFRESH_FAMILY_SECONDS } from '../domain/auth/tokens';

/** The SPA's refresh token lives only in this cookie: script cannot read it. */
export const REFRESH_COOKIE = 'ss_refresh';
/**
 * Local mode serves plain http, where browsers keep a Secure cookie only for localhost: opened from
 * another machine by its LAN address, every reload would sign the user out. Deployed, always Secure.
 */
const attributes = () => `HttpOnly;${config().local ? '' : ' Secure;'} SameSite=Strict; Path=/api/auth`;

const hintAttributes = () => `${config().local ? '' : 'Secure; '}SameSite=Strict; Path=/`;

/** The refresh cookie and its readable hint, set together with the same lifetime. */
export const refreshCookies = (token: string) => [
  `${REFRESH_COOKIE}=${token}; ${attributes()}; Max-Age=${REFRESH_FAMILY_SECONDS}`,
  `${SESSION_HINT_COOKIE}=1; ${hintAttributes()}; Max-Age=${REFRESH_FAMILY_SECONDS}`,
];
export const clearedRefreshCookies = () => [
  `${REFRESH_COOKIE}=; ${attributes()}; Max-Age=0`,
  `${SESSION_HINT_COOKIE}=; ${hintAttributes()}; Max-Age=0`,
];

export function parseCookies(cookies: string[] | undefined, header?: string): Record<string, string> {
  const pairs = [...(cookies ?? []), ...(header ? header.split(';') : [])];
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const i = pair.indexOf('=');
    if (i <= 0) continue;
    const raw = pair.slice(i + 1).trim();
    // A malformed escape is kept as sent (it then fails as an unknown token), never a 500.
    try {
      out[pair.slice(0, i).trim()] = decodeURIComponent(raw);
    } catch {
      out[pair.slice(0, i).trim()] = raw;
    }
  }
  return out;
}
