import type { CannedRepliesBody, CannedRepliesResult } from '#shared/schemas/chat';
import type { Caller } from '../auth/tokens';

export async function listCannedReplies(): Promise<CannedRepliesResult> {
  throw new Error('not implemented');
}
export async function saveCannedReplies(_caller: Caller, _body: CannedRepliesBody): Promise<CannedRepliesResult> {
  throw new Error('not implemented');
}
