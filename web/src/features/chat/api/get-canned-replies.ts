import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /api/chat/canned-replies (operators): replies an operator inserts into the input. Input: none. */
export const cannedRepliesKey = '/chat/canned-replies';

export const getCannedReplies = () => api.call('GET /api/chat/canned-replies');

export const useCannedReplies = (enabled = true) =>
  useSWR(enabled ? cannedRepliesKey : null, getCannedReplies, { revalidateOnFocus: false });
