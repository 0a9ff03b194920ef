import { lazy } from 'react';
import { SlotsPage } from '@/features/slots/components/slots-page';

// The grid loads when the dialog first opens, as before the features were split (/slots budget).
const BulkInputModal = lazy(() =>
  import('@/features/slot-bulk/components/bulk-input-modal').then((m) => ({ default: m.BulkInputModal })),
);

/** /slots: My slots, with the bulk feature's multi-slot input grid behind '다중 슬롯 입력'. */
export function SlotsRoute() {
  return <SlotsPage bulkInput={BulkInputModal} />;
}
