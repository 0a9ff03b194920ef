import type { AdvertiserRankingItem } from '#shared/schemas/ranking';
import tableStyles from '@/components/ui/data-table.module.css';
import { MeasuredLine } from './measured-line';
import styles from './ranking.module.css';

/** Advertisers by the average current rank of their running, ranked slots. */
export function AdvertiserRankingTable({ items }: { items: AdvertiserRankingItem[] }) {
  return (
    <div className={tableStyles.tableWrap}>
      <table className={tableStyles.table} aria-label="광고주 랭킹">
        <thead>
          <tr>
            <th className={styles.position}>#</th>
            <th>광고주</th>
            <th className={tableStyles.num}>평균 순위</th>
            <th className={tableStyles.num}>최고 순위</th>
            <th className={tableStyles.num}>순위 측정 슬롯</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.position} className={item.mine ? styles.mine : undefined}>
              <td className={styles.position}>{item.position}</td>
              <td>
                {item.advertiser}
                {item.mine && <span className={styles.mineBadge}>나</span>}
                {item.userLogin && <span className={styles.sub}>{item.userLogin}</span>}
              </td>
              <td className={tableStyles.num}>
                {item.averageRank.toFixed(1)}위
                <MeasuredLine at={item.measured_at} />
              </td>
              <td className={tableStyles.num}>{item.bestRank}위</td>
              <td className={tableStyles.num}>{item.rankedSlots}개</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
