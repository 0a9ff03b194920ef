import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: IconName;
  action?: ReactNode;
}

/** What a list shows when it has nothing (e.g. '검색결과가 없습니다.'). */
export function EmptyState({ title, description, icon = 'inbox', action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <span className={styles.icon}>
        <Icon name={icon} size={24} />
      </span>
      <p className={styles.title}>{title}</p>
      {description && <div className={styles.description}>{description}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
