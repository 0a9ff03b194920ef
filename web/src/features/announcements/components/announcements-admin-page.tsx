import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { CellText } from '@/components/ui/cell-text';
import { Badge } from '@/components/ui/badge';
import { Icon } from '@/components/ui/icon';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import tableStyles from '@/components/ui/data-table.module.css';
import { errorMessage } from '@/lib/api-client';
import { announcementMessages as m } from '#shared/messages/announcements';
import type { Announcement } from '#shared/announcements';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useRoute } from '@/lib/route-data';
import { useSaveAnnouncement } from '../api/save-announcement';
import { AnnouncementEditorDialog } from './announcement-editor-dialog';
import { CategoryBadge, CategoryOptions, formatDay, PriorityBadge } from './announcement-labels';
import { AnnouncementTable } from './announcement-table';
import styles from './announcements.module.css';

type ActiveFilter = 'all' | 'active' | 'inactive';
const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 400;

/** /admin/announcements: search, category and active filters, the table, the dialog. */
export function AnnouncementsAdminPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<'all' | Announcement['category']>('all');
  const [active, setActive] = useState<ActiveFilter>('all');
  // Cursors of the pages visited (the first has none): 이전 goes back one, 다음 follows nextCursor.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filterKey = `${debounced}|${category}|${active}`;
  const [lastFilterKey, setLastFilterKey] = useState(filterKey);
  if (lastFilterKey !== filterKey) {
    // A new search or filter starts at the first page (adjusting state during render).
    setLastFilterKey(filterKey);
    setCursors([undefined]);
  }
  const { data, error, isLoading, mutate } = useRoute(
    'GET /api/announcements',
    {
      query: {
        limit: PAGE_SIZE,
        includeInactive: true,
        search: debounced || undefined,
        category: category === 'all' ? undefined : category,
        active: active === 'all' ? undefined : active,
        cursor: cursors.at(-1),
      },
    },
    { keepPreviousData: true },
  );
  const { trigger, isMutating } = useSaveAnnouncement();
  const toast = useToast();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const rows = data?.announcements ?? [];

  const toggle = async (a: Announcement, field: 'is_active' | 'is_pinned') => {
    try {
      await trigger({ kind: 'update', id: a.id, input: { [field]: !a[field] } });
      toast({ tone: 'success', message: m.updated });
    } catch (err) {
      toast({ tone: 'error', message: errorMessage(err, field === 'is_active' ? m.statusFailed : m.pinFailed) });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await trigger({ kind: 'delete', id: deleting.id });
      toast({ tone: 'success', message: m.deleted });
    } catch (err) {
      toast({ tone: 'error', message: errorMessage(err, m.deleteFailed) });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="공지사항 관리"
        actions={
          <Button onClick={() => setEditing('new')}>
            <Icon name="plus" size={16} />새 공지사항
          </Button>
        }
      />
      <Card>
        <div className={styles.filters}>
          <TextField
            label="검색"
            type="search"
            placeholder="제목 또는 작성자"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <label className={styles.field}>
            분류
            <select
              className={styles.select}
              value={category}
              onChange={(e) => setCategory(e.target.value as typeof category)}
            >
              <option value="all">전체</option>
              <CategoryOptions />
            </select>
          </label>
          <label className={styles.field}>
            상태
            <select
              className={styles.select}
              value={active}
              onChange={(e) => setActive(e.target.value as ActiveFilter)}
            >
              <option value="all">전체</option>
              <option value="active">활성</option>
              <option value="inactive">비활성</option>
            </select>
          </label>
        </div>
        <AnnouncementTable
          list={{ data, error, isLoading, mutate }}
          empty={rows.length === 0}
          emptyTitle="공지사항이 없습니다."
          caption="공지사항 관리 목록"
          extraHead={
            <>
              <th scope="col">게시 기간</th>
              <th scope="col">등록일</th>
              <th scope="col" className={tableStyles.actionsCol}>
                관리
              </th>
            </>
          }
        >
          {rows.map((a) => (
            <tr key={a.id} data-announcement-id={a.id}>
              <td>
                <span className={styles.titleCell}>
                  {a.is_active ? <Badge tone="success">활성</Badge> : <Badge>비활성</Badge>}
                  {a.is_pinned && <Badge tone="primary">고정</Badge>}
                  {a.is_pinned && !a.is_active && (
                    <span
                      className={styles.warning}
                      title="고정되었지만 비활성 상태라 배너에 보이지 않습니다."
                      role="img"
                      aria-label="고정되었지만 비활성 상태라 배너에 보이지 않습니다."
                    >
                      <Icon name="alert-triangle" size={16} />
                    </span>
                  )}
                </span>
              </td>
              <td>
                <CategoryBadge category={a.category} />
              </td>
              <td>
                <span className={styles.titleCell}>
                  <PriorityBadge priority={a.priority} />
                  <CellText text={a.title} priority="primary" />
                </span>
              </td>
              <td>
                <CellText text={a.author_name} />
              </td>
              <td className={tableStyles.num}>{a.view_count.toLocaleString('ko-KR')}</td>
              <td>{a.start_date || a.end_date ? `${a.start_date ?? ''} ~ ${a.end_date ?? ''}` : '상시'}</td>
              <td>{formatDay(a.created_at)}</td>
              <td className={tableStyles.actionsCol}>
                <div className={styles.actions}>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(a)} aria-label={`${a.title} 수정`}>
                    수정
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={isMutating}
                    onClick={() => void toggle(a, 'is_active')}
                    aria-label={`${a.title} ${a.is_active ? '비활성화' : '활성화'}`}
                  >
                    {a.is_active ? '비활성화' : '활성화'}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={isMutating}
                    onClick={() => void toggle(a, 'is_pinned')}
                    aria-label={`${a.title} ${a.is_pinned ? '고정 해제' : '고정'}`}
                  >
                    {a.is_pinned ? '고정 해제' : '고정'}
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setDeleting(a)} aria-label={`${a.title} 삭제`}>
                    삭제
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </AnnouncementTable>
        <div className={styles.pager}>
          <span>{data ? `전체 ${data.total.toLocaleString('ko-KR')}건, ${cursors.length} 페이지` : null}</span>
          <Button
            size="sm"
            variant="secondary"
            disabled={cursors.length === 1}
            onClick={() => setCursors(cursors.slice(0, -1))}
          >
            이전
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!data?.nextCursor}
            onClick={() => setCursors([...cursors, data!.nextCursor])}
          >
            다음
          </Button>
        </div>
      </Card>
      {editing && (
        <AnnouncementEditorDialog announcement={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={!!deleting}
        title="공지사항 삭제"
        message={deleting ? m.deleteConfirm(deleting.title) : undefined}
        confirmLabel="삭제"
        tone="danger"
        loading={isMutating}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
