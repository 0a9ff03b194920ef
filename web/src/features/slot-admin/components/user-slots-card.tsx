import useSWR from 'swr';
import { statusCardLabels, statusCards } from '#shared/slot-status';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/alert';
import { LoadingBlock } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api-client';
import styles from './admin-slots.module.css';

/** One customer's slots by status (issue 29 #2): the per-user counters GET /api/slots/count keeps. */
export function UserSlotsCard({ userId }: { userId: string }) {
  const { data, error } = useSWR(['/slots/count', userId], ([, id]) =>
    api.call('GET /api/slots/count', { query: { userId: id } }),
  );
  return (
    <Card title="슬롯 현황">
      <ErrorBox message={error ? errorMessage(error, '슬롯 현황을 불러오지 못했습니다.') : null} />
      {!data ? (
        !error && <LoadingBlock />
      ) : (
        <dl className={styles.userSlotCounts} data-testid="customer-slot-counts">
          {statusCards.map((card) => (
            <div key={card}>
              <dt>{statusCardLabels[card]}</dt>
              <dd>{data.cards[card]}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
