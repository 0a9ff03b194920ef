import type { LoginInput } from '#shared/schemas/auth';
import type { LoginSecondFactorInput, SecondFactorChallenge } from '#shared/schemas/second-factor';
import { api } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';
import { applyAuthSession, type Session } from '@/lib/session-store';

export type { LoginInput, LoginSecondFactorInput, SecondFactorChallenge };

/**
 * The same schema the server validates with (shared/schemas/auth), loaded on the first submit: the
 * sign-in page is every visitor's first load, and zod is ~40 KB of it that two fields can wait for.
 */
export const loadLoginSchema = () => import('#shared/schemas/auth').then((m) => m.loginSchema);

/** The code step's schema, loaded when an account with a second factor reaches it. */
export const loadSecondFactorSchemas = () => import('#shared/schemas/second-factor');

/** A session, or (an account with a second factor) the challenge the code step completes. */
export type LoginOutcome = { session: Session } | { challenge: SecondFactorChallenge };

/** Signs in; with a session, the server also sets the HttpOnly refresh cookie. */
async function login(input: LoginInput): Promise<LoginOutcome> {
  const answer = await api.call('POST /api/auth/login', { body: input });
  return 'tokens' in answer ? { session: applyAuthSession(answer) } : { challenge: answer };
}

export const useLogin = () => useAction('login', login);

/** The code step: the challenge with a code from the app or a recovery code. */
async function loginSecondFactor(input: LoginSecondFactorInput): Promise<Session> {
  return applyAuthSession(await api.call('POST /api/auth/login/second-factor', { body: input }));
}

export const useLoginSecondFactor = () => useAction('login second factor', loginSecondFactor);
