import type { ReactNode } from 'react';
import styles from './card.module.css';

interface CardProps {
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A white panel, optionally with a titled header — the basic block of every page. */
export function Card({ title, description, actions, children, className }: CardProps) {
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')}>
      {(title || actions) && (
        <div className={styles.header}>
          <div>
            {title && <h2 className={styles.title}>{title}</h2>}
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions}
        </div>
      )}
      <div className={styles.body}>{children}</div>
    </section>
  );
}
