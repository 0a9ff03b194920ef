import { useState } from 'react';
import { Link } from 'react-router';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import { statusCardLabels, statusCards } from '#shared/slot-status';
import { ErrorBox } from '@/components/ui/alert';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CellText } from '@/components/ui/cell-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/spinner';
import { RankValue, StatusBadge } from '@/components/slots/slot-cells';
import { errorMessage } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import { productName } from '@/lib/slots/slot-display';
import tableStyles from '@/components/ui/data-table.module.css';
import { useRoute } from '@/lib/route-data';
import { adminSlotsInput } from '../api/get-admin-slots';
import { adminSlotTabs, tabQuery, userTabStats, type AdminSlotTab } from '../utils/admin-slot-tabs';
import { AdminSlotTabs } from './admin-slot-tabs';
import styles from './admin-slots.module.css';

const USER_SLOTS_PAGE_SIZE = 10;

/** The slot console opened on one user's slots (its `?userId=` filter). */
const userSlotsHref = (userId: string) => `/admin/slots?userId=${encodeURIComponent(userId)}`;

/**
 * One customer's slots: the status cards from the user's counters, then the slots themselves by
 * status, a page at a time (GET /slots?userId=, the user's own index partition), and the way into
 * the slot console filtered to them, where every action is.
 */
export function UserSlotsCard({ userId }: { userId: string }) {
  const { slotOperationMode: mode } = useAppSettings();
  const count = useRoute('GET /api/slots/count', { query: { userId } });
  const [tab, setTab] = useState<AdminSlotTab>('all');
  const [page, setPage] = useState(1);
  const slots = useRoute(
    'GET /api/slots',
    adminSlotsInput({
      userId,
      page,
      limit: USER_SLOTS_PAGE_SIZE,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      ...tabQuery(tab),
    }),
    { keepPreviousData: true },
  );
  // Every tab of the console but the deactivated-accounts one (this is one account).
  const tabs = adminSlotTabs(mode).filter((t) => t !== 'inactive');
  const data = slots.data;
  const counts = count.data;
  return (
    <Card
      title="슬롯 현황"
      actions={
        <Link className={buttonClassName({ size: 'sm', variant: 'secondary' })} to={userSlotsHref(userId)}>
          {slotAdminMessages.userSlotsOpenConsole}
        </Link>
      }
    >
      <ErrorBox message={count.error ? errorMessage(count.error, slotAdminMessages.userSlotsCountFailed) : null} />
      {counts ? (
        <dl className={styles.userSlotCounts} data-testid="customer-slot-counts">
          {statusCards.map((card) => (
            <div key={card}>
              <dt>{statusCardLabels[card]}</dt>
              <dd>{counts.cards[card]}</dd>
            </div>
          ))}
        </dl>
      ) : (
        !count.error && <LoadingBlock />
      )}
      <section className={styles.userSlotList} aria-label={slotAdminMessages.userSlotsListLabel}>
        <AdminSlotTabs
          mode={mode}
          tab={tab}
          tabs={tabs}
          stats={counts ? userTabStats(counts, true) : undefined}
          onChange={(next) => {
            setTab(next);
            setPage(1);
          }}
        />
        {slots.error && !data ? (
          <ErrorBox message={slotAdminMessages.listFailed} />
        ) : !data ? (
          <LoadingBlock />
        ) : data.items.length === 0 ? (
          <EmptyState icon="check-square" title="슬롯이 없습니다." />
        ) : (
          <div className={tableStyles.tableWrap}>
            <table className={tableStyles.table} data-testid="customer-slots">
              <thead>
                <tr>
                  <th scope="col">번호</th>
                  <th scope="col">키워드</th>
                  <th scope="col">상품명</th>
                  <th scope="col">시작일</th>
                  <th scope="col">종료일</th>
                  <th scope="col">순위</th>
                  <th scope="col">상태</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((slot) => (
                  <tr key={slot.id} data-slot-id={slot.id}>
                    <td>#{slot.slot_number}</td>
                    <td>
                      <CellText text={slot.keyword || '-'} priority="primary" />
                    </td>
                    <td>
                      <CellText text={productName(slot) || '-'} />
                    </td>
                    <td>{slot.startDate ?? '-'}</td>
                    <td>{slot.endDate ?? '-'}</td>
                    <td>
                      <RankValue
                        rank={slot.rank}
                        yesterdayRank={slot.yesterday_rank}
                        measuredAt={slot.rank_measured_at}
                      />
                    </td>
                    <td>
                      <StatusBadge slot={slot} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className={styles.footer}>
          <span className={styles.muted}>총 {data?.pagination.total ?? 0}개</span>
          <Pagination page={page} totalPages={data?.pagination.totalPages ?? 0} onPageChange={setPage} />
        </div>
      </section>
    </Card>
  );
}
