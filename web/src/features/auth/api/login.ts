import useSWRMutation from 'swr/mutation';
import { loginSchema, type AuthSession, type LoginInput } from '#shared/schemas/auth';
import { api } from '@/lib/api-client';
import { applyAuthSession, type Session } from '@/lib/session-store';

/** The same schema the server validates with (shared/schemas/auth). */
export { loginSchema, type LoginInput };

export const loginKey = '/auth/login';

/** Signs in; the server also sets the HttpOnly refresh cookie. */
export async function login(input: LoginInput): Promise<Session> {
  return applyAuthSession(await api.post<AuthSession>('/auth/login', input));
}

export function useLogin() {
  return useSWRMutation(loginKey, (_key: string, { arg }: { arg: LoginInput }) => login(arg));
}
