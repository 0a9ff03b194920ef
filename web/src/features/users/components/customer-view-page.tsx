import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { userMessages } from '#shared/messages/users';
import { roleLabels } from '#shared/roles';
import type { AdminUserDetailDto } from '#shared/schemas/users';
import { ErrorBox } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { UserDetailsForm } from '@/components/users/user-details-form';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { useCurrentUser } from '@/lib/session-store';
import tableStyles from '@/components/ui/data-table.module.css';
import { useRoute, useRouteMutation } from '@/lib/route-data';
import { EditUserDialog } from './edit-user-dialog';
import { EndSessionsButton } from './end-sessions-button';
import styles from './users.module.css';

export interface CustomerViewProps {
  userId: string;
  /** Cards of other features (ledger, slots, issuances), composed in web/src/app. */
  sections: ReactNode;
  /** Actions of other features (issue slots, notify, open the chat) for this user. */
  renderActions?: (user: AdminUserDetailDto) => ReactNode;
}

/**
 * /admin/users/:id: one customer at a glance for operators — profile, status, bank and
 * business details, the other features' cards, and the audit log. Deactivation reuses the edit dialog.
 */
export function CustomerViewPage({ userId, sections, renderActions }: CustomerViewProps) {
  const me = useCurrentUser();
  const { data: user, error } = useRoute('GET /api/users/{id}', { path: { id: userId } });
  const [editing, setEditing] = useState(false);
  // The view and its audit log reload after a save.
  const { trigger: saveDetails } = useRouteMutation('PUT /api/users/{id}/details', {
    invalidates: ['GET /api/users/{id}', 'GET /api/users/{id}/logs'],
  });
  if (error) {
    return (
      <>
        <PageHeader title="고객 상세" />
        <ErrorBox message={errorMessage(error, userMessages.loadFailed)} />
        <Link to="/admin/users">{userMessages.title}(으)로 돌아가기</Link>
      </>
    );
  }
  if (!user) return <LoadingBlock />;
  const mayManage = me?.role === 'developer' || user.role !== 'developer';
  return (
    <>
      <PageHeader
        title={`${user.fullName} (${user.email})`}
        description="고객의 계정, 캐시, 슬롯과 변경 이력을 한 화면에서 봅니다."
        actions={
          <div className={styles.rowActions}>
            {renderActions?.(user)}
            {mayManage && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                수정 · 비활성화
              </Button>
            )}
            {mayManage && user.isActive && user.id !== me?.id && <EndSessionsButton user={user} />}
          </div>
        }
      />
      <div className={styles.customerGrid}>
        <Card title="계정 정보">
          <dl className={styles.customerFacts}>
            <dt>아이디</dt>
            <dd>{user.email}</dd>
            <dt>이름</dt>
            <dd>{user.fullName}</dd>
            <dt>전화번호</dt>
            <dd>{user.phone || '-'}</dd>
            <dt>권한</dt>
            <dd>{roleLabels[user.role] ?? user.role}</dd>
            <dt>상태</dt>
            <dd data-testid="customer-status">
              {user.isActive ? <Badge tone="success">활성</Badge> : <Badge tone="danger">비활성</Badge>}
            </dd>
            <dt>가입일</dt>
            <dd>{formatDate(user.createdAt)}</dd>
            <dt>최근 로그인</dt>
            <dd>{formatDateTime(user.lastLoginAt)}</dd>
          </dl>
        </Card>
        <Card title="계좌 및 사업자 정보">
          <UserDetailsForm
            key={user.id}
            initial={{ bankInfo: user.bankInfo, business: user.business }}
            onSave={(details) => saveDetails({ path: { id: userId }, body: details })}
            readOnly={mayManage ? undefined : userMessages.developerDetailsOnly}
          />
        </Card>
      </div>
      <div className={styles.customerStack}>
        {sections}
        <CustomerLogs userId={user.id} />
      </div>
      {editing && (
        <EditUserDialog
          user={user}
          canGrantDeveloper={me?.role === 'developer'}
          isSelf={user.id === me?.id}
          onClose={() => setEditing(false)}
        />
      )}
    </>
  );
}

/** The user's audit log (GET /api/users/{id}/logs): who changed what, newest first. */
function CustomerLogs({ userId }: { userId: string }) {
  const { data, error } = useRoute('GET /api/users/{id}/logs', { path: { id: userId } });
  return (
    <Card title="변경 이력">
      <ErrorBox message={error ? errorMessage(error, '변경 이력을 불러오지 못했습니다.') : null} />
      {!data ? (
        !error && <LoadingBlock />
      ) : data.length === 0 ? (
        <EmptyState icon="receipt" title="변경 이력이 없습니다." />
      ) : (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table} data-testid="customer-logs">
            <thead>
              <tr>
                <th>일시</th>
                <th>작업</th>
                <th>변경 내용</th>
                <th>처리자</th>
              </tr>
            </thead>
            <tbody>
              {data.map((log) => (
                <tr key={log.id}>
                  <td>{formatDateTime(log.createdAt)}</td>
                  <td>{log.description}</td>
                  <td className={tableStyles.wrap}>
                    {log.changes.map((c) => `${c.field}: ${String(c.old || '-')} → ${String(c.new || '-')}`).join(', ')}
                  </td>
                  <td>{log.actorName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
