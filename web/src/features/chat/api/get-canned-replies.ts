import useSWR from 'swr';
import type { CannedRepliesResult } from '#shared/schemas/chat';
import { api } from '@/lib/api-client';

/** GET /api/chat/canned-replies (operators): replies an operator inserts into the input. Input: none. */
export const cannedRepliesKey = '/chat/canned-replies';

export const getCannedReplies = () => api.get<CannedRepliesResult>(cannedRepliesKey);

export const useCannedReplies = (enabled = true) =>
  useSWR(enabled ? cannedRepliesKey : null, getCannedReplies, { revalidateOnFocus: false });
