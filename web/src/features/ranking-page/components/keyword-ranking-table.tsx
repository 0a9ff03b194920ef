import type { KeywordRankingItem } from '#shared/schemas/ranking';
import tableStyles from '@/components/ui/data-table.module.css';
import { MeasuredLine } from './measured-line';
import styles from './ranking.module.css';

const gain = (n: number | null) =>
  n === null ? (
    <span>-</span>
  ) : n > 0 ? (
    <span className={styles.up}>▲{n}</span>
  ) : n < 0 ? (
    <span className={styles.down}>▼{-n}</span>
  ) : (
    <span>-</span>
  );

/** One keyword list (most improved or best rank): keyword, advertiser, current rank, gain since the first rank and since yesterday. */
export function KeywordRankingTable({ items, label }: { items: KeywordRankingItem[]; label: string }) {
  return (
    <div className={tableStyles.tableWrap}>
      <table className={tableStyles.table} aria-label={label}>
        <thead>
          <tr>
            <th className={styles.position}>#</th>
            <th>키워드</th>
            <th>광고주</th>
            <th className={tableStyles.num}>현재 순위</th>
            <th className={tableStyles.num}>최초 대비</th>
            <th className={tableStyles.num}>전일 대비</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.position}-${item.keyword}`} className={item.mine ? styles.mine : undefined}>
              <td className={styles.position}>{item.position}</td>
              <td>
                <span className={styles.keyword}>{item.keyword}</span>
                {item.product_name && <span className={styles.sub}>{item.product_name}</span>}
              </td>
              <td>
                {item.advertiser}
                {item.mine && <span className={styles.mineBadge}>내 슬롯</span>}
                {item.userLogin && <span className={styles.sub}>{item.userLogin}</span>}
              </td>
              <td className={tableStyles.num}>
                {item.rank}위
                <MeasuredLine at={item.rank_measured_at} />
              </td>
              <td className={tableStyles.num}>
                {gain(item.improvement)}
                {item.first_rank !== null && <span className={styles.sub}>최초 {item.first_rank}위</span>}
              </td>
              <td className={tableStyles.num}>{gain(item.change)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
