/**
 * A cookie script can read that says "a refresh cookie was set here": the refresh cookie itself is
 * HttpOnly. Set and cleared with it by the server, cleared by the SPA when a refresh is refused.
 * Without it the SPA does not ask to restore a session, so a signed-out visit sends no refresh
 * request that can only fail (a 401 in the browser's console and in the API's error counts).
 */
export const SESSION_HINT_COOKIE = 'ss_session';
