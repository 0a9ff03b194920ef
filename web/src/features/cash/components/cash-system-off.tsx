import type { ReactNode } from 'react';
import { cashMessages } from '#shared/messages/cash';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { useAppSettings } from '@/lib/app-settings';

/** Cash pages render their content only while useCashSystem is on (the API answers 409 otherwise). */
export function CashSystemGate({ title, children }: { title: string; children: ReactNode }) {
  const { useCashSystem } = useAppSettings();
  if (useCashSystem) return children;
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState icon="wallet" title={cashMessages.disabled} />
      </Card>
    </>
  );
}
