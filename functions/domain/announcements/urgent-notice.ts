import type { AnnouncementRecord } from '../../storage/announcements';

/**
 * Issue 15 item 5: a pinned, urgent, active announcement is announced to every user through the
 * notification service, once per announcement (the dedupe key), however often it is edited.
 */
export const shouldNotify = (a: Pick<AnnouncementRecord, 'is_pinned' | 'is_active' | 'priority'>) => a.is_pinned && a.is_active && a.priority === 'urgent';

export const urgentNoticeDedupeKey = (announcementId: string) => `announcement-urgent#${announcementId}`;

/**
 * CALL SITE for the notification service (notif-api branch, functions/domain/notifications/ `notify`).
 * Replaced by the real call once that branch exists; until then it does nothing.
 */
export async function notifyUrgentAnnouncement(_announcement: AnnouncementRecord): Promise<void> {
  // intentionally empty: see the report — `notify('all', {..., dedupeKey: urgentNoticeDedupeKey(id)})`
}
