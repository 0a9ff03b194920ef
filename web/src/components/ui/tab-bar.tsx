import type { ReactNode } from 'react';
import styles from './tab-bar.module.css';

export interface TabBarTab<T extends string> {
  value: T;
  label: ReactNode;
  /** A number after the label (e.g. how many requests wait); none while unknown. */
  count?: ReactNode;
}

/** The tabs on top of a card that switch what it lists; the caller renders the panel below. */
export function TabBar<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: ReadonlyArray<TabBarTab<T>>;
  selected: T;
  onSelect: (value: T) => void;
}) {
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          className={styles.tab}
          aria-selected={selected === tab.value}
          onClick={() => onSelect(tab.value)}
        >
          {tab.label}
          {tab.count !== undefined && <span className={styles.count}>{tab.count}</span>}
        </button>
      ))}
    </div>
  );
}
