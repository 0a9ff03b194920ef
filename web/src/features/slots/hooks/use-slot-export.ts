import { useState } from 'react';
import type { FieldConfig } from '#shared/field-configs';
import type { SlotListQueryInput } from '#shared/schemas/slots';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { getAllSlots } from '@/features/slots/api/export-slots';

/** "엑셀 다운로드": every slot of the current search (all pages) as a CSV file. */
export function useSlotExport(query: SlotListQueryInput, listFields: readonly FieldConfig[], today: string) {
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    setExporting(true);
    try {
      // The CSV writer (papaparse) loads on the first download, not with the list.
      const [all, { exportFileName, slotsToCsv }, { downloadTextFile }] = await Promise.all([
        getAllSlots({ ...query, page: 1 }),
        import('@/features/slots/utils/export-slots'),
        import('@/features/slots/utils/spreadsheet-safe'),
      ]);
      downloadTextFile(exportFileName(today), slotsToCsv(all, listFields));
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, '엑셀 다운로드 중 오류가 발생했습니다.') });
    } finally {
      setExporting(false);
    }
  };
  return { download, exporting };
}
