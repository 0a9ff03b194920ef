import useSWR, { useSWRConfig } from 'swr';
import { userDetailsSchema, type UserDetails } from '#shared/schemas/users';
import { api } from '@/lib/api-client';

/** The caller's own bank and business details; the server checks the same schema. */
export { userDetailsSchema };

export const profileDetailsKey = '/auth/profile/details';

export const getProfileDetails = () => api.call('GET /api/auth/profile/details');

export function useProfileDetails() {
  return useSWR(profileDetailsKey, getProfileDetails, { revalidateOnFocus: false });
}

export const saveProfileDetails = (details: UserDetails) =>
  api.call('PUT /api/auth/profile/details', { body: details });

/** Saves and puts the answer in the cache (the form resets to it). */
export function useSaveProfileDetails() {
  const { mutate } = useSWRConfig();
  return async (details: UserDetails): Promise<UserDetails> => {
    const saved = await saveProfileDetails(details);
    await mutate(profileDetailsKey, saved, { revalidate: false });
    return saved;
  };
}
