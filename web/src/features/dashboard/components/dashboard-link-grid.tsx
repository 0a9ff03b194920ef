import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Icon } from '@/components/ui/icon';
import type { DashboardLink, DashboardLinkId } from '../utils/dashboard-links';
import styles from './dashboard.module.css';

export interface LinkExtra {
  /** A count that needs the operator (shown as a badge when above 0). */
  badge?: number | null;
  badgeLabel?: string;
  /** A line of numbers under the title; '-' while the stats are missing. */
  summary?: string;
}

/** The dashboard's card grid: one card per console page the caller may open. */
export function DashboardLinkGrid({
  links,
  extras,
}: {
  links: DashboardLink[];
  extras: Partial<Record<DashboardLinkId, LinkExtra>>;
}) {
  return (
    <div className={styles.grid}>
      {links.map((link) => {
        const extra = extras[link.id];
        return (
          <Link key={link.id} to={link.path} className={styles.linkCard} data-testid={`dashboard-card-${link.id}`}>
            <div className={styles.linkHead}>
              <span className={styles.linkTitle}>
                <Icon name={link.icon} />
                {link.label}
              </span>
              {!!extra?.badge && (
                <span aria-label={`${extra.badgeLabel ?? '대기'} ${extra.badge}건`}>
                  <Badge tone="warning">{extra.badge.toLocaleString('ko-KR')}</Badge>
                </span>
              )}
            </div>
            <p className={styles.muted}>{extra?.summary ?? link.description}</p>
          </Link>
        );
      })}
    </div>
  );
}
