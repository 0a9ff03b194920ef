import { Link } from 'react-router';
import { displayStatusLabels } from '#shared/slot-status';
import { rankFreshness } from '#shared/rank-freshness';
import { MeasuredAt } from '@/components/slots/slot-cells';
import { Spinner } from '@/components/ui/spinner';
import { useAppSettings } from '@/lib/app-settings';
import { ErrorBox } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { formatWon } from '@/lib/format';
import { useRoute } from '@/lib/route-data';
import { timeLabel, dayLabel } from '../utils/chat-format';
import styles from './chat-inbox.module.css';

const rankText = (rank: number | null) => (rank === null ? '-' : `${rank}위`);

/** Under a rank: when it was measured, or '측정 지연' once older than the setting allows. */
function MeasuredLine({ at }: { at: string | null }) {
  const { rankDelayHours } = useAppSettings();
  return (
    <span className={styles.measuredLine}>
      <MeasuredAt freshness={rankFreshness(at, rankDelayHours)} />
    </span>
  );
}

/** Beside the conversation (a console addition): who is asking, their money and their slots. */
export function CustomerContextPanel({ roomId }: { roomId: string }) {
  const { data, error } = useRoute('GET /api/chat/rooms/{id}/context', roomId ? { path: { id: roomId } } : null, {
    revalidateOnFocus: false,
  });
  return (
    <section className={styles.context} aria-label="고객 정보">
      <h3 className={styles.sideTitle}>고객 정보</h3>
      {error ? (
        <ErrorBox message={errorMessage(error, '고객 정보를 불러오지 못했습니다.')} />
      ) : !data ? (
        <Spinner label="고객 정보를 불러오는 중..." />
      ) : (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>이름</dt>
              <dd>
                <Link to={`/admin/users/${encodeURIComponent(data.user.id)}`} title="고객 상세 보기">
                  {data.user.fullName} ({data.user.loginId})
                </Link>
                {!data.user.isActive && ' · 비활성'}
              </dd>
            </div>
            <div>
              <dt>가입일</dt>
              <dd>{dayLabel(data.user.createdAt)}</dd>
            </div>
            <div>
              <dt>캐시 잔액</dt>
              <dd data-testid="context-balance">
                {data.balance === null ? '캐시 시스템 꺼짐' : formatWon(data.balance)}
              </dd>
            </div>
          </dl>
          <h4 className={styles.sideSubtitle}>대기 중인 충전 요청</h4>
          {data.pendingCharges.length === 0 ? (
            <p className={styles.muted}>없음</p>
          ) : (
            <ul className={styles.plainList} data-testid="context-charges">
              {data.pendingCharges.map((charge) => (
                <li key={charge.id}>
                  {formatWon(charge.amount)}{' '}
                  <span className={styles.muted}>
                    · {dayLabel(charge.requestedAt)} {timeLabel(charge.requestedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <h4 className={styles.sideSubtitle}>슬롯 현황</h4>
          {Object.keys(data.slotCounts).length === 0 ? (
            <p className={styles.muted}>슬롯이 없습니다.</p>
          ) : (
            <ul className={styles.countList} data-testid="context-slot-counts">
              {Object.entries(data.slotCounts).map(([status, count]) => (
                <li key={status}>
                  <span>{displayStatusLabels[status as keyof typeof displayStatusLabels] ?? status}</span>
                  <strong>{count}</strong>
                </li>
              ))}
            </ul>
          )}
          <h4 className={styles.sideSubtitle}>진행 중 슬롯 순위</h4>
          {data.slots.length === 0 ? (
            <p className={styles.muted}>진행 중인 슬롯이 없습니다.</p>
          ) : (
            <table className={styles.rankTable}>
              <thead>
                <tr>
                  <th scope="col">슬롯</th>
                  <th scope="col">키워드</th>
                  <th scope="col">순위</th>
                  <th scope="col">어제</th>
                </tr>
              </thead>
              <tbody>
                {data.slots.map((slot) => (
                  <tr key={slot.id}>
                    <td>#{slot.slot_number}</td>
                    <td>{slot.keyword}</td>
                    <td>
                      {rankText(slot.rank)}
                      <MeasuredLine at={slot.rank_measured_at} />
                    </td>
                    <td>{rankText(slot.yesterday_rank)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
