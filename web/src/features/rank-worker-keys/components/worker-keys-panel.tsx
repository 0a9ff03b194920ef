import { useState } from 'react';
import { ErrorBox } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingBlock } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import tableStyles from '@/components/ui/data-table.module.css';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useRoute } from '@/lib/route-data';
import {
  createWorkerKey,
  revokeWorkerKey,
  workerKeyNameSchema,
  type CreatedWorkerKeyDto,
  type WorkerKeyDto,
} from '../api/worker-keys';
import styles from './worker-keys.module.css';

/**
 * Developer settings: the API keys of rank-check workers. A new key is shown once,
 * in a box to copy, with the warning that it cannot be shown again; a key is revoked after a confirm.
 * Used as a settings tab (the app wires it in) and alone at /admin/rank-workers.
 */
export function WorkerKeysPanel() {
  const toast = useToast();
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useRoute('GET /api/rank/worker-keys', undefined, {
    revalidateOnFocus: false,
  });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedWorkerKeyDto | null>(null);
  const [revoking, setRevoking] = useState<WorkerKeyDto | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);

  const create = async () => {
    setActionError(null);
    const parsed = workerKeyNameSchema.safeParse({ name });
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message);
    setNameError(undefined);
    setCreating(true);
    try {
      setCreated(await createWorkerKey(parsed.data));
      setName('');
      void reload();
    } catch (err) {
      setActionError(errorMessage(err, '워커 키를 발급하지 못했습니다.'));
    } finally {
      setCreating(false);
    }
  };

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      toast({ tone: 'success', message: '키를 복사했습니다.' });
    } catch {
      toast({ tone: 'warning', message: '복사하지 못했습니다. 키를 직접 선택해 복사해주세요.' });
    }
  };

  const revoke = async (key: WorkerKeyDto) => {
    setRevokeBusy(true);
    setActionError(null);
    try {
      await revokeWorkerKey(key.id);
      void reload();
      toast({ tone: 'success', message: `'${key.name}' 키를 폐기했습니다.` });
    } catch (err) {
      setActionError(errorMessage(err, '워커 키를 폐기하지 못했습니다.'));
    } finally {
      setRevokeBusy(false);
      setRevoking(null);
    }
  };

  const items = data?.items ?? [];
  return (
    <section aria-label="순위 수집 워커 키">
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <TextField
          className={styles.nameField}
          label="키 이름"
          placeholder="예: 순위 수집 서버 1"
          value={name}
          maxLength={50}
          error={nameError}
          hint="어느 워커가 쓰는 키인지 알아볼 수 있는 이름"
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={creating}>
          키 발급
        </Button>
      </form>

      {created && (
        <div className={styles.secret} role="status">
          <p className={styles.secretTitle}>'{created.name}' 키가 발급되었습니다.</p>
          <p className={styles.secretWarning}>
            이 키는 지금 한 번만 표시됩니다. 창을 닫으면 다시 볼 수 없으니 안전한 곳에 복사해 두세요.
          </p>
          <div className={styles.secretRow}>
            <input
              className={styles.secretValue}
              readOnly
              value={created.key}
              aria-label="발급된 워커 키"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copy(created.key)}>
              복사
            </Button>
            <Button variant="secondary" onClick={() => setCreated(null)}>
              확인했습니다
            </Button>
          </div>
        </div>
      )}

      <ErrorBox message={actionError} />
      {isLoading ? (
        <LoadingBlock />
      ) : error ? (
        <ErrorBox message={errorMessage(error, '워커 키 목록을 불러오지 못했습니다.')} />
      ) : items.length === 0 ? (
        <EmptyState
          icon="lock"
          title="발급된 워커 키가 없습니다."
          description="순위 수집 워커가 쓸 키를 발급하세요. 워커 키로는 순위 결과 전송만 할 수 있습니다."
        />
      ) : (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table} aria-label="워커 키 목록">
            <thead>
              <tr>
                <th>이름</th>
                <th>키</th>
                <th>발급일</th>
                <th>최근 사용</th>
                <th>상태</th>
                <th>관리</th>
              </tr>
            </thead>
            <tbody>
              {items.map((k) => (
                <tr key={k.id} className={k.revokedAt ? styles.revoked : undefined}>
                  <td>{k.name}</td>
                  <td className={styles.prefix}>{k.prefix}…</td>
                  <td>{formatDateTime(k.createdAt)}</td>
                  <td>
                    {k.lastUsedAt ? formatDateTime(k.lastUsedAt) : <span className={styles.muted}>사용 기록 없음</span>}
                  </td>
                  <td>
                    {k.revokedAt ? (
                      <Badge tone="neutral">폐기됨 {formatDateTime(k.revokedAt)}</Badge>
                    ) : (
                      <Badge tone="success">사용 중</Badge>
                    )}
                  </td>
                  <td>
                    {!k.revokedAt && (
                      <Button size="sm" variant="danger" onClick={() => setRevoking(k)}>
                        폐기
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDialog
        open={!!revoking}
        title="워커 키 폐기"
        message={
          revoking
            ? `'${revoking.name}' 키를 폐기하시겠습니까? 이 키를 쓰는 워커는 바로 순위 결과를 보낼 수 없게 되며, 되돌릴 수 없습니다.`
            : undefined
        }
        confirmLabel="폐기"
        tone="danger"
        loading={revokeBusy}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
