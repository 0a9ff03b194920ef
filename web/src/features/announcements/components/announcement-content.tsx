import { useMemo } from 'react';
import type { Announcement } from '#shared/announcements';
import { sanitizeForRender } from '../utils/sanitize-html';
import styles from './announcements.module.css';

/** An announcement's body: sanitised HTML (again, in the browser) or plain text as typed. */
export function AnnouncementContent({
  announcement,
}: {
  announcement: Pick<Announcement, 'content' | 'content_type'>;
}) {
  const html = useMemo(
    () => (announcement.content_type === 'html' ? sanitizeForRender(announcement.content) : null),
    [announcement.content, announcement.content_type],
  );
  if (html === null) return <div className={`${styles.content} ${styles.plain}`}>{announcement.content}</div>;
  // Sanitised twice: on save (server) and just above (DOMPurify).
  return (
    <div className={styles.content} data-testid="announcement-content" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
