import { excelImportMessages } from '#shared/messages/slots';
import { useRef, useState, type Dispatch } from 'react';
import type { FieldConfig } from '#shared/field-configs';
import { formatNumber } from '@/lib/format';
import { ExcelImportError, importExcelRows } from '@/features/slot-bulk/utils/excel-import';
import { MAX_ROWS, type GridAction } from '@/features/slot-bulk/utils/grid';

export type ImportMessage = { tone: 'success' | 'error'; text: string };

/** "엑셀 업로드": the chosen file's rows appended to the grid (at most MAX_ROWS), and what happened. */
export function useExcelUpload(columns: FieldConfig[], dispatch: Dispatch<GridAction>) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState(false);
  const [message, setMessage] = useState<ImportMessage | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    setImporting(true);
    try {
      const rows = await importExcelRows(
        file,
        columns.map((c) => ({ key: c.field_key, label: c.label })),
      );
      const cut = rows.length > MAX_ROWS;
      dispatch({ type: 'load', rows: rows.slice(0, MAX_ROWS), append: true });
      setMessage({
        tone: 'success',
        text: `${file.name}에서 ${formatNumber(Math.min(rows.length, MAX_ROWS))}개 행을 불러왔습니다.${cut ? ` (최대 ${formatNumber(MAX_ROWS)}행까지만 불러옵니다)` : ''}`,
      });
    } catch (e) {
      setMessage({ tone: 'error', text: e instanceof ExcelImportError ? e.message : excelImportMessages.read });
    } finally {
      setImporting(false);
      // The same file chosen again must fire a change.
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return { fileRef, onFile, importing, message, clearMessage: () => setMessage(null) };
}
