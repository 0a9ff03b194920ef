import { useState } from 'react';
import { extensionMessages } from '#shared/messages/slot-allocations';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/alert';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/spinner';
import { ExtensionHistoryTable } from '@/components/slots/extension-history-table';
import { errorMessage } from '@/lib/api-client';
import { useRoute } from '@/lib/route-data';

const PAGE_SIZE = 10;

/** One customer's slot extensions, newest first and paged (the operator's customer view). */
export function UserExtensionsCard({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useRoute(
    'GET /api/slots/extensions',
    { query: { userId, page, limit: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const rows = data?.items ?? [];
  return (
    <Card title={extensionMessages.historyButton}>
      <ErrorBox message={error ? errorMessage(error, extensionMessages.historyFailed) : null} />
      {isLoading && !data ? (
        <LoadingBlock />
      ) : rows.length === 0 ? (
        !error && <EmptyState icon="receipt" title={extensionMessages.noHistory} />
      ) : (
        <ExtensionHistoryTable items={rows} />
      )}
      <Pagination page={page} totalPages={data?.pagination.totalPages ?? 1} onPageChange={setPage} />
    </Card>
  );
}
