import useSWRMutation from 'swr/mutation';
import type { LoginInput } from '#shared/schemas/auth';
import { api } from '@/lib/api-client';
import { applyAuthSession, type Session } from '@/lib/session-store';

export type { LoginInput };

/**
 * The same schema the server validates with (shared/schemas/auth), loaded on the first submit: the
 * sign-in page is every visitor's first load, and zod is ~40 KB of it that two fields can wait for.
 */
export const loadLoginSchema = () => import('#shared/schemas/auth').then((m) => m.loginSchema);

export const loginKey = '/auth/login';

/** Signs in; the server also sets the HttpOnly refresh cookie. */
export async function login(input: LoginInput): Promise<Session> {
  return applyAuthSession(await api.call('POST /api/auth/login', { body: input }));
}

export function useLogin() {
  return useSWRMutation(loginKey, (_key: string, { arg }: { arg: LoginInput }) => login(arg));
}
