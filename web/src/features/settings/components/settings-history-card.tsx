import { useState } from 'react';
import { settingLabels, settingValueLabels, settingsPageMessages as m } from '#shared/messages/settings-page';
import { ErrorBox } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { SettingChange as SettingChangeRecord } from '#shared/schemas/settings';
import { useRoute } from '@/lib/route-data';
import { announceSettingsChanged } from '../api/update-settings';
import tableStyles from '@/components/ui/data-table.module.css';
import styles from './settings.module.css';

const LIMIT = 10;

/** A stored value as people read it: 켜짐/꺼짐, Korean names of modes, '(비어 있음)'. */
function displayValue(value: unknown): string {
  if (value === true || value === 'true') return '켜짐';
  if (value === false || value === 'false') return '꺼짐';
  if (value === null || value === undefined || value === '') return '(비어 있음)';
  if (typeof value === 'number') return value.toLocaleString('ko-KR');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return settingValueLabels[text] ?? text;
}

const labelOf = (key: string) => settingLabels[key] ?? key;

/** An addition of this product: who changed which setting when, old → new, with a one-click revert per change. */
export function SettingsHistoryCard() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useRoute(
    'GET /api/system-settings/history',
    { query: { page, limit: LIMIT } },
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  const toast = useToast();
  const [reverting, setReverting] = useState<SettingChangeRecord | null>(null);
  const [busy, setBusy] = useState(false);

  async function revert() {
    if (!reverting) return;
    setBusy(true);
    try {
      await api.call('POST /api/system-settings/history/{id}/revert', { path: { id: reverting.id } });
      announceSettingsChanged();
      toast({ tone: 'success', message: m.reverted(labelOf(reverting.key)) });
      setReverting(null);
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, m.revertFailed) });
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (isLoading && !data) body = <LoadingBlock />;
  else if (error && !data) body = <ErrorBox message={errorMessage(error, m.historyLoadFailed)} />;
  else if (!data || data.items.length === 0) body = <EmptyState icon="history" title="변경 이력이 없습니다." />;
  else
    body = (
      <>
        <div className={tableStyles.tableWrap}>
          <table className={`${tableStyles.table} ${styles.table}`} aria-label="설정 변경 이력">
            <thead>
              <tr>
                <th scope="col">변경 시각</th>
                <th scope="col">설정</th>
                <th scope="col">변경 내용</th>
                <th scope="col">변경한 사람</th>
                <th scope="col">되돌리기</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id} data-testid="settings-history-row">
                  <td className={styles.nowrap}>{formatDateTime(item.changedAt)}</td>
                  <td>
                    {labelOf(item.key)}
                    {item.revertOf && (
                      <>
                        {' '}
                        <Badge>되돌림</Badge>
                      </>
                    )}
                  </td>
                  <td className={tableStyles.wrap}>
                    <span className={styles.oldValue}>{displayValue(item.oldValue)}</span>
                    <span aria-label="에서"> → </span>
                    <strong>{displayValue(item.newValue)}</strong>
                  </td>
                  <td>{item.changedBy?.name ?? '-'}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setReverting(item)}
                      aria-label={`${labelOf(item.key)} 변경 되돌리기`}
                    >
                      되돌리기
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {data.pagination.totalPages > 1 && (
          <Pagination page={page} totalPages={data.pagination.totalPages} onPageChange={setPage} />
        )}
      </>
    );

  return (
    <Card
      title="설정 변경 이력"
      description="누가 언제 어떤 값을 바꿨는지 보여줍니다. 한 건씩 이전 값으로 되돌릴 수 있습니다."
    >
      {body}
      <ConfirmDialog
        open={reverting !== null}
        title="변경 되돌리기"
        message={
          reverting
            ? `'${labelOf(reverting.key)}' 설정을 ${displayValue(reverting.oldValue)}(으)로 되돌립니다. 모든 사용자 화면에 바로 적용됩니다.`
            : undefined
        }
        confirmLabel="되돌리기"
        loading={busy}
        onCancel={() => setReverting(null)}
        onConfirm={() => void revert()}
      />
    </Card>
  );
}
