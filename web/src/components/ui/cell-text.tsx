import type { ReactNode } from 'react';
import tableStyles from './data-table.module.css';

export type ColumnPriority = 'primary' | 'secondary';

/**
 * A table cell's text on one line, cut short with '…' at its column's width (by priority, see
 * data-table.module.css) and whole in the tooltip. `children` renders the text differently (a link)
 * while `text` stays the tooltip.
 */
export function CellText({
  text,
  priority = 'secondary',
  className,
  children,
}: {
  text: string | null | undefined;
  priority?: ColumnPriority;
  className?: string;
  children?: ReactNode;
}) {
  const classes = [tableStyles.cellText, tableStyles[priority], className].filter(Boolean).join(' ');
  return (
    <span className={classes} title={text || undefined}>
      {children ?? (text || '-')}
    </span>
  );
}
