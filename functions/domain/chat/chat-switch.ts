import { chatMessages as m } from '#shared/messages/chat';
import { ConflictError } from '#commons/errors';
import { getSettings } from '../settings/settings-service';
import type { Caller } from '../auth/tokens';
import { sideOf } from './views';

/**
 * chatEnabled switches the advertisers' side of chat on the server too, not only the widget: while off
 * a role user opens no room and sends nothing (409, checked before any write or rate count). Reads stay
 * (their own history, unread count, read marker), and staff keep reading, answering and closing the
 * rooms that exist, so no conversation is lost when chat is switched off and on again.
 */
export async function assertChatOpenTo(caller: Caller): Promise<void> {
  if (sideOf(caller) === 'user' && !(await getSettings()).chatEnabled) throw new ConflictError(m.disabled);
}
