import { useSWRConfig } from 'swr';
import { profileUpdateSchema, type ProfileUpdateInput, type UserDto } from '#shared/schemas/auth';
import { api } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';
import { updateSessionUser } from '@/lib/session-store';
import { meKey } from './get-me';

/** The same schema the server validates with, so a password change is checked in the server's order. */
export { profileUpdateSchema, type ProfileUpdateInput };

/** Saves the name (and the password when one is given); blank password fields are not sent. */
async function updateProfile(input: ProfileUpdateInput): Promise<UserDto> {
  const body: ProfileUpdateInput = { fullName: input.fullName };
  if (input.password) {
    body.password = input.password;
    body.confirmPassword = input.confirmPassword;
    body.currentPassword = input.currentPassword;
  }
  const user = await api.call('PUT /api/auth/profile', { body });
  updateSessionUser(user);
  return user;
}

export function useUpdateProfile() {
  const { mutate } = useSWRConfig();
  return useAction('update profile', async (arg: ProfileUpdateInput) => {
    const user = await updateProfile(arg);
    await mutate(meKey, (current: object | undefined) => ({ ...current, ...user }), { revalidate: false });
    return user;
  });
}
