import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useRoute } from '@/lib/route-data';
import { AllocateSlotsDialog } from './allocate-slots-dialog';
import styles from './slot-allocations.module.css';

/** Who the picker offers: only the fields it shows. */
type PickableUser = { id: string; email: string; fullName: string };

/**
 * The slot list's '선슬롯 발행' button: pick an advertiser (GET /api/users?role=user&search=), then
 * the issuance dialog in its modal variant (≤ 100 slots). If the user search fails, the operator can
 * still type the user's id.
 */
export function PreAllocationAction({ onIssued }: { onIssued: () => void }) {
  const [picking, setPicking] = useState(false);
  const [search, setSearch] = useState('');
  const [manualId, setManualId] = useState('');
  const [target, setTarget] = useState<PickableUser | null>(null);
  // Advertisers to issue slots to: the users feature's route, the first ten matches.
  const { data, error, isLoading } = useRoute(
    'GET /api/users',
    picking ? { query: { role: 'user', search: search.trim() || undefined, page: 1, limit: 10 } } : null,
    { keepPreviousData: true, shouldRetryOnError: false },
  );
  const users = data?.users;

  const pick = (user: PickableUser) => {
    setPicking(false);
    setTarget(user);
  };

  return (
    <>
      <Button onClick={() => setPicking(true)}>선슬롯 발행</Button>
      <Modal open={picking} onClose={() => setPicking(false)} title="발행할 사용자 선택" size="md">
        <div className={styles.form}>
          <TextField
            label="사용자 검색"
            placeholder="아이디 또는 이름"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-autofocus
          />
          {error ? (
            <div className={styles.form}>
              <p className={styles.note}>사용자 목록을 불러오는데 실패했습니다. 사용자 ID를 직접 입력해주세요.</p>
              <TextField label="사용자 ID" value={manualId} onChange={(e) => setManualId(e.target.value)} />
              <Button
                disabled={!manualId.trim()}
                onClick={() => pick({ id: manualId.trim(), email: '', fullName: '' })}
              >
                선택
              </Button>
            </div>
          ) : (
            <>
              {isLoading && <p className={styles.note}>불러오는 중...</p>}
              {users?.length === 0 && <p className={styles.note}>검색 결과가 없습니다.</p>}
              {!!users?.length && (
                <ul className={styles.userList} aria-label="사용자 목록">
                  {users.map((u) => (
                    <li key={u.id}>
                      <button type="button" className={styles.userRow} onClick={() => pick(u)}>
                        {u.fullName} <span className={styles.muted}>({u.email})</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </Modal>
      {target && (
        <AllocateSlotsDialog open user={target} variant="modal" onClose={() => setTarget(null)} onIssued={onIssued} />
      )}
    </>
  );
}
