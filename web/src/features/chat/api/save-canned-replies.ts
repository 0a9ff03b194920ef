import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { cannedRepliesBodySchema, type CannedRepliesInput } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';
import { cannedRepliesKey } from './get-canned-replies';

/** PUT /api/chat/canned-replies (operators): the whole list (≤ 50; title ≤ 40, content ≤ 2000). */
export const saveCannedRepliesSchema = cannedRepliesBodySchema;
export const saveCannedRepliesKey = '/chat/canned-replies#save';

export const saveCannedReplies = (body: CannedRepliesInput) =>
  api.call('PUT /api/chat/canned-replies', { body: saveCannedRepliesSchema.parse(body) });

export function useSaveCannedReplies() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    saveCannedRepliesKey,
    (_key: string, { arg }: { arg: CannedRepliesInput }) => saveCannedReplies(arg),
    {
      onSuccess: (result) => void mutate(cannedRepliesKey, result, { revalidate: false }),
    },
  );
}
