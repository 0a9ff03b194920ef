import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Badge } from '@/components/ui/badge';
import { CellText } from '@/components/ui/cell-text';
import { ListPager } from '@/components/ui/pagination';
import { userPageSizes } from '#shared/page-sizes';
import tableStyles from '@/components/ui/data-table.module.css';
import { useRoute } from '@/lib/route-data';
import { AnnouncementDetailModal } from './announcement-detail-modal';
import { CategoryBadge, formatDay, PriorityBadge } from './announcement-labels';
import { AnnouncementTable } from './announcement-table';
import styles from './announcements.module.css';
import { usePaging } from '@/hooks/use-paging';

/**
 * /announcements: status, category, title, author, views, date; a click opens the detail. Paged on
 * the server, so every announcement is reachable however many there are.
 */
export function AnnouncementsPage() {
  const { page, limit, setPage, pagerProps } = usePaging(userPageSizes);
  const { data, isLoading, error, mutate } = useRoute(
    'GET /api/announcements',
    { query: { limit, page } },
    { keepPreviousData: true },
  );
  const [open, setOpen] = useState<{ id: string; title: string } | null>(null);
  const items = data?.announcements ?? [];
  const total = data?.total ?? 0;
  const totalPages = Math.ceil(total / limit);
  // The list shrank under the page being read (announcements ended or were deleted): show its new last page.
  if (data && totalPages > 0 && page > totalPages) setPage(totalPages);

  return (
    <>
      <PageHeader title="공지사항" />
      <Card>
        <AnnouncementTable
          list={{ data, error, isLoading, mutate }}
          empty={items.length === 0}
          emptyTitle="등록된 공지사항이 없습니다."
          caption="공지사항 목록"
          extraHead={<th scope="col">등록일</th>}
        >
          {items.map((a) => (
            <tr key={a.id} data-announcement-id={a.id}>
              <td>
                {a.is_pinned ? (
                  <Badge tone="primary">고정</Badge>
                ) : a.is_read ? (
                  <Badge>읽음</Badge>
                ) : (
                  <Badge tone="success">새 글</Badge>
                )}
              </td>
              <td>
                <CategoryBadge category={a.category} />
              </td>
              <td>
                <span className={styles.titleCell}>
                  <PriorityBadge priority={a.priority} />
                  <button
                    type="button"
                    className={`${styles.titleButton} ${tableStyles.cellText} ${tableStyles.primary} ${a.is_read ? '' : styles.unread}`}
                    title={a.title}
                    onClick={() => setOpen({ id: a.id, title: a.title })}
                  >
                    {a.title}
                  </button>
                </span>
              </td>
              <td>
                <CellText text={a.author_name} />
              </td>
              <td className={tableStyles.num} data-testid="view-count">
                {a.view_count.toLocaleString('ko-KR')}
              </td>
              <td>{formatDay(a.created_at)}</td>
            </tr>
          ))}
        </AnnouncementTable>
        {total > 0 && <p className={styles.total}>총 {total.toLocaleString('ko-KR')}건</p>}
        <ListPager {...pagerProps(totalPages)} />
      </Card>
      <AnnouncementDetailModal id={open?.id ?? null} fallbackTitle={open?.title} onClose={() => setOpen(null)} />
    </>
  );
}
