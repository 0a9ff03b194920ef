import { useSyncExternalStore } from 'react';
import type { AuthSession, UserDto } from '#shared/schemas/auth';

/**
 * The signed-in session, in memory only (the access token never touches storage, so no script can
 * lift it from there; the refresh token is an HttpOnly cookie the SPA cannot read). Lives in lib
 * because the HTTP client and every feature read it; only features/auth and the HTTP client write it.
 */
type ActingAs = NonNullable<AuthSession['actingAs']>;

export interface Session {
  user: UserDto;
  accessToken: string;
  /** Set while a developer acts as another user (switch-user). */
  actingAs: ActingAs | null;
  /** A staff account that must enrol a second factor before anything else (the app shows only that). */
  enrolmentRequired: boolean;
}

export type SessionState =
  | { status: 'restoring'; session: null }
  | { status: 'anonymous'; session: null }
  | { status: 'authenticated'; session: Session };

let state: SessionState = { status: 'restoring', session: null };
const listeners = new Set<() => void>();

function emit(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export const getSessionState = (): SessionState => state;

export const getAccessToken = (): string | null => state.session?.accessToken ?? null;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores what login, refresh, switch-user and switch-back answer. */
export function applyAuthSession(answer: AuthSession): Session {
  const session: Session = {
    user: answer.user,
    accessToken: answer.tokens.accessToken,
    actingAs: answer.actingAs ?? null,
    enrolmentRequired: answer.enrolmentRequired ?? false,
  };
  emit({ status: 'authenticated', session });
  return session;
}

/** Replaces the user (profile save) without touching the tokens. */
export function updateSessionUser(user: UserDto) {
  if (state.status !== 'authenticated') return;
  emit({ status: 'authenticated', session: { ...state.session, user } });
}

/**
 * The server said this account must enrol a second factor (at sign-in, or later with the code
 * `SECOND_FACTOR_ENROLMENT` once the setting was switched on), or that it just did (`false`).
 */
export function setEnrolmentRequired(required: boolean) {
  if (state.status !== 'authenticated' || state.session.enrolmentRequired === required) return;
  emit({ status: 'authenticated', session: { ...state.session, enrolmentRequired: required } });
}

export function clearSession() {
  emit({ status: 'anonymous', session: null });
}

/** React view of the session; re-renders on sign-in, sign-out and user switches. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

/** The signed-in user, or null. */
export function useCurrentUser(): UserDto | null {
  return useSessionState().session?.user ?? null;
}

/** Test helper: back to the state of a fresh page load. */
export function resetSessionForTests() {
  emit({ status: 'restoring', session: null });
}
