import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/spinner';
import tableStyles from '@/components/ui/data-table.module.css';
import { announcementMessages as m } from '#shared/messages/announcements';
import { AnnouncementHeadCells } from './announcement-labels';

/**
 * The announcement lists' table with its load states. A failed load says so with its cause (an empty list's text
 * would tell a person there is nothing); rows already shown stay under the error.
 */
export function AnnouncementTable({
  list: { data, error, isLoading, mutate },
  empty,
  emptyTitle,
  caption,
  extraHead,
  children,
}: {
  /** The list's query: its rows, its failure, whether it is loading, and how to load it again. */
  list: { data: unknown; error: unknown; isLoading: boolean; mutate: () => unknown };
  empty: boolean;
  emptyTitle: string;
  caption: string;
  /** The list's own columns after the shared ones. */
  extraHead: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {error ? <LoadError title={m.loadFailed} error={error} onRetry={() => void mutate()} /> : null}
      {isLoading && !data ? (
        <LoadingBlock />
      ) : error && !data ? null : empty ? (
        <EmptyState icon="megaphone" title={emptyTitle} />
      ) : (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <AnnouncementHeadCells />
                {extraHead}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </>
  );
}
