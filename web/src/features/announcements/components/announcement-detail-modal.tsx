import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/load-error';
import { announcementMessages } from '#shared/messages/announcements';
import { useOpenAnnouncement } from '../api/open-announcement';
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
  const { data, error, isLoading } = useOpenAnnouncement(id);
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
