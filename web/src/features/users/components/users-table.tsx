import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { userMessages } from '#shared/messages/users';
import type { AdminUserDto } from '#shared/schemas/users';
import { Badge } from '@/components/ui/badge';
import { CellText } from '@/components/ui/cell-text';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDate } from '@/lib/format';
import { RoleBadge } from './role-badge';
import styles from './users.module.css';
import tableStyles from '@/components/ui/data-table.module.css';

/** Operator console §2 table: join date, id, name, role, status, allocated/used slots, actions. */
export function UsersTable({ users, actions }: { users: AdminUserDto[]; actions: (user: AdminUserDto) => ReactNode }) {
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
                <div className={styles.rowActions}>{actions(u)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
