import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import type { DashboardLink } from '../utils/dashboard-links';
import styles from './dashboard.module.css';

/** The quick-action row: the same links as the cards, compact. */
export function DashboardQuickActions({ links }: { links: DashboardLink[] }) {
  return (
    <nav aria-label="빠른 작업" className={styles.actions}>
      {links.map((link) => (
        <Link key={link.id} to={link.path} className={styles.action}>
          <Icon name={link.icon} />
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
