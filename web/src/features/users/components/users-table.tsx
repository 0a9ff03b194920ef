import { Link, useNavigate } from 'react-router';
import { userMessages } from '#shared/messages/users';
import type { AdminUserDto } from '#shared/schemas/users';
import { Badge } from '@/components/ui/badge';
import { CellText } from '@/components/ui/cell-text';
import { Button, buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { RowMenu } from '@/components/ui/row-menu';
import { NARROW_SCREEN_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { formatDate } from '@/lib/format';
import { RoleBadge } from './role-badge';
import styles from './users.module.css';
import tableStyles from '@/components/ui/data-table.module.css';

/** One action of a row: a button (`onSelect`) or a link (`to`). */
export interface UserRowAction {
  key: string;
  label: string;
  variant: 'ghost' | 'secondary' | 'danger';
  onSelect?: () => void;
  to?: string;
}

/**
 * The row's actions: a row of buttons on wide screens; on narrow ones one '⋯' menu, because five
 * buttons there would take most of a phone's width and squeeze the names and ids to nothing.
 */
function RowActions({ user, actions }: { user: AdminUserDto; actions: UserRowAction[] }) {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const navigate = useNavigate();
  if (narrow)
    return (
      <RowMenu
        label={`${user.fullName} 작업`}
        items={actions.map((a) => ({
          key: a.key,
          label: a.label,
          tone: a.variant === 'danger' ? ('danger' as const) : undefined,
          onSelect: a.to ? () => void navigate(a.to!) : a.onSelect!,
        }))}
      />
    );
  return (
    <div className={styles.rowActions}>
      {actions.map((a) =>
        a.to ? (
          <Link key={a.key} className={buttonClassName({ size: 'sm', variant: a.variant })} to={a.to}>
            {a.label}
          </Link>
        ) : (
          <Button key={a.key} size="sm" variant={a.variant} onClick={a.onSelect}>
            {a.label}
          </Button>
        ),
      )}
    </div>
  );
}

/** The users table: join date, id, name, role, status, allocated/used slots, actions. */
export function UsersTable({
  users,
  actions,
}: {
  users: AdminUserDto[];
  actions: (user: AdminUserDto) => UserRowAction[];
}) {
  if (users.length === 0) return <EmptyState icon="users" title={userMessages.empty} />;
  return (
    <div className={tableStyles.tableWrap}>
      <table className={tableStyles.table}>
        <thead>
          <tr>
            <th scope="col">가입일</th>
            <th scope="col">아이디</th>
            <th scope="col">이름</th>
            <th scope="col">역할</th>
            <th scope="col">상태</th>
            <th scope="col" className={tableStyles.num}>
              할당/사용 슬롯
            </th>
            <th scope="col" aria-label="작업" className={tableStyles.actionsCol} />
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} data-user-id={u.id}>
              <td>{formatDate(u.createdAt)}</td>
              <td>
                <CellText text={u.email} />
              </td>
              <td>
                <CellText text={u.fullName} priority="primary">
                  <Link to={`/admin/users/${encodeURIComponent(u.id)}`}>{u.fullName}</Link>
                </CellText>
              </td>
              <td>
                <RoleBadge role={u.role} />
              </td>
              <td>
                {u.isActive ? (
                  <Badge tone="success">{userMessages.active}</Badge>
                ) : (
                  <Badge tone="danger">{userMessages.inactive}</Badge>
                )}
              </td>
              <td className={tableStyles.num}>
                {u.allocated_slots} / {u.used_slots}
              </td>
              <td className={tableStyles.actionsCol}>
                <RowActions user={u} actions={actions(u)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
