import { announcementMessages } from '#shared/messages/announcements';
import type { AnnouncementRecord } from '../../storage/announcements';
import { notify } from '../notifications/notify';

/**
 * A pinned, urgent, active announcement is announced to every user through the
 * notification service, once per announcement (the dedupe key), however often it is edited or
 * re-pinned.
 */
export const shouldNotify = (a: Pick<AnnouncementRecord, 'is_pinned' | 'is_active' | 'priority'>) =>
  a.is_pinned && a.is_active && a.priority === 'urgent';

const urgentNoticeDedupeKey = (announcementId: string) => `announcement-urgent#${announcementId}`;

export async function notifyUrgentAnnouncement(announcement: AnnouncementRecord): Promise<void> {
  await notify('all', {
    type: 'warning',
    title: announcementMessages.urgentNotificationTitle(announcement.title),
    message: announcementMessages.urgentNotificationMessage,
    priority: 'high',
    metadata: { announcementId: announcement.id, link: '/announcements' },
    sender: { kind: 'operator', userId: announcement.author_id, name: announcement.author_name },
    dedupeKey: urgentNoticeDedupeKey(announcement.id),
  });
}
