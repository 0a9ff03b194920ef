import type { ChatCustomerContext } from '#shared/schemas/chat';
import type { Caller } from '../auth/tokens';

export async function customerContext(_caller: Caller, _roomId: string): Promise<ChatCustomerContext> {
  throw new Error('not implemented');
}
