import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/load-error';
import { announcementMessages } from '#shared/messages/announcements';
import { useInvalidate, useRoute } from '@/lib/route-data';
import { AnnouncementContent } from './announcement-content';
import { CategoryBadge, formatDay, PriorityBadge } from './announcement-labels';
import styles from './announcements.module.css';

/** Opening an announcement reads it from the server, which counts the view once and marks it read. */
export function AnnouncementDetailModal({
  id,
  fallbackTitle,
  onClose,
}: {
  id: string | null;
  fallbackTitle?: string;
  onClose: () => void;
}) {
  const invalidate = useInvalidate();
  // Opening it counts the caller's view once and marks it read.
  const { data, error, isLoading } = useRoute('GET /api/announcements/{id}', id ? { path: { id } } : null, {
    revalidateOnFocus: false,
    // The list's read mark and view count change with this open.
    onSuccess: () => void invalidate(['GET /api/announcements', 'GET /api/announcements/pinned']),
  });
  return (
    <Modal open={!!id} onClose={onClose} title={data?.title ?? fallbackTitle ?? '공지사항'} size="lg">
      {isLoading && !data ? (
        <LoadingBlock />
      ) : error ? (
        <LoadError title={announcementMessages.loadFailed} error={error} />
      ) : data ? (
        <>
          <div className={styles.meta}>
            <CategoryBadge category={data.category} />
            <PriorityBadge priority={data.priority} />
            <span>작성자 {data.author_name}</span>
            <span>조회 {data.view_count.toLocaleString('ko-KR')}</span>
            <span>{formatDay(data.created_at)}</span>
          </div>
          <AnnouncementContent announcement={data} />
        </>
      ) : null}
    </Modal>
  );
}
