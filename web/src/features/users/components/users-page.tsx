import { useEffect, useState, type ReactNode } from 'react';
import { userMessages } from '#shared/messages/users';
import { adminPageSizes } from '#shared/page-sizes';
import type { AdminUserDto } from '#shared/schemas/users';
import { USER_LIST_DEFAULT_LIMIT } from '#shared/schemas/users';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSizeSelect } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session-store';
import { useRoute } from '@/lib/route-data';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { DeleteUserDialog, ResetSecondFactorDialog, SwitchUserDialog } from './user-row-dialogs';
import { UsersPager } from './users-pager';
import { UsersTable, type UserRowAction } from './users-table';
import filterStyles from '@/components/ui/filter-control.module.css';
import styles from './users.module.css';

/** The user the allocation dialog (features/slot-allocations, wired in app) is opened for. */
type AllocateTarget = { id: string; fullName: string; email: string };

export interface UsersPageProps {
  /** Renders the slot allocation dialog; the 'allocate slots' action shows only when given. */
  renderAllocate?: (user: AllocateTarget, close: () => void) => ReactNode;
}

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit' | 'delete' | 'switch' | 'allocate' | 'resetSecondFactor'; user: AdminUserDto }
  | null;

/** Search waits 500 ms after the last keystroke, so typing a name asks the server once. */
const SEARCH_DEBOUNCE_MS = 500;

/** /admin/users: search, page size, add, table with actions, previous/next. */
export function UsersPage({ renderAllocate }: UsersPageProps) {
  const me = useCurrentUser();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(USER_LIST_DEFAULT_LIMIT);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data, error, isLoading } = useRoute(
    'GET /api/users',
    { query: { search, page, limit } },
    { keepPreviousData: true },
  );

  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  const isDeveloper = me?.role === 'developer';
  // Mirrors the server's rules for display: only developers touch developers; nobody deletes themselves.
  const mayManage = (u: AdminUserDto) => isDeveloper || u.role !== 'developer';
  const close = () => setDialog(null);
  const actions = (u: AdminUserDto): UserRowAction[] => [
    ...(isDeveloper && u.id !== me?.id && u.isActive
      ? [
          {
            key: 'switch',
            label: '사용자 전환',
            variant: 'ghost' as const,
            onSelect: () => setDialog({ kind: 'switch', user: u }),
          },
        ]
      : []),
    // Slots are issued to advertisers only (the server refuses staff recipients).
    ...(renderAllocate && u.role === 'user' && u.isActive
      ? [
          {
            key: 'allocate',
            label: '슬롯 할당',
            variant: 'secondary' as const,
            onSelect: () => setDialog({ kind: 'allocate', user: u }),
          },
        ]
      : []),
    // The slot console filtered to this user (its ?userId= filter).
    ...(u.role === 'user'
      ? [
          {
            key: 'slots',
            label: '슬롯 보기',
            variant: 'ghost' as const,
            to: `/admin/slots?userId=${encodeURIComponent(u.id)}`,
          },
        ]
      : []),
    ...(u.role === 'user'
      ? [
          {
            key: 'history',
            label: '발행 내역',
            variant: 'ghost' as const,
            to: `/admin/slot-allocation-history?userId=${encodeURIComponent(u.id)}`,
          },
        ]
      : []),
    ...(mayManage(u)
      ? [
          {
            key: 'edit',
            label: '수정',
            variant: 'secondary' as const,
            onSelect: () => setDialog({ kind: 'edit', user: u }),
          },
        ]
      : []),
    // A developer resets another staff member's second factor; one's own takes a recovery code (내 정보).
    ...(isDeveloper && u.role !== 'user' && u.id !== me?.id
      ? [
          {
            key: 'resetSecondFactor',
            label: '2단계 인증 초기화',
            variant: 'ghost' as const,
            onSelect: () => setDialog({ kind: 'resetSecondFactor', user: u }),
          },
        ]
      : []),
    ...(mayManage(u) && u.id !== me?.id
      ? [
          {
            key: 'delete',
            label: '삭제',
            variant: 'danger' as const,
            onSelect: () => setDialog({ kind: 'delete', user: u }),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={userMessages.title}
        actions={<Button onClick={() => setDialog({ kind: 'add' })}>{userMessages.add}</Button>}
      />
      <Card>
        <div className={styles.toolbar}>
          <input
            type="search"
            className={`${filterStyles.control} ${styles.search}`}
            placeholder={userMessages.searchPlaceholder}
            aria-label="사용자 검색"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <PageSizeSelect
            value={limit}
            sizes={adminPageSizes}
            onChange={(size) => {
              setLimit(size);
              setPage(1);
            }}
          />
        </div>
        <ErrorBox message={error ? errorMessage(error, userMessages.listFailed) : null} />
        {isLoading && !data ? <LoadingBlock /> : <UsersTable users={data?.users ?? []} actions={actions} />}
        <UsersPager page={page} totalPages={data?.pagination.totalPages ?? 1} onPageChange={setPage} />
      </Card>
      {dialog?.kind === 'add' && <AddUserDialog onClose={close} />}
      {dialog?.kind === 'edit' && (
        <EditUserDialog
          user={dialog.user}
          canGrantDeveloper={isDeveloper}
          isSelf={dialog.user.id === me?.id}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && <DeleteUserDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'switch' && <SwitchUserDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'resetSecondFactor' && <ResetSecondFactorDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'allocate' &&
        renderAllocate?.({ id: dialog.user.id, fullName: dialog.user.fullName, email: dialog.user.email }, close)}
    </>
  );
}
