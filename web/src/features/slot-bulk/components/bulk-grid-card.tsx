import { useMemo, type Dispatch } from 'react';
import { optionsOf, type FieldConfig } from '#shared/field-configs';
import { fieldValueTexts, slotMessages } from '#shared/messages/slots';
import { displayFieldValue, toFieldValue } from '@/lib/slots/field-values';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { formatNumber } from '@/lib/format';
import type { useExcelUpload } from '@/features/slot-bulk/hooks/use-excel-upload';
import { EXCEL_ACCEPT } from '@/features/slot-bulk/utils/excel-import';
import { MAX_ROWS, MIN_ROWS, type GridAction, type GridState } from '@/features/slot-bulk/utils/grid';
import { truncateLines, type GridValidation } from '@/features/slot-bulk/utils/grid-validation';
import { SpreadsheetGrid, type GridColumnView } from './spreadsheet-grid';
import styles from './bulk-registration-page.module.css';

/** Lines of the validation list; the rest are counted. */
const VALIDATION_LINES = 5;

interface BulkGridCardProps {
  columns: FieldConfig[];
  state: GridState;
  dispatch: Dispatch<GridAction>;
  validation: GridValidation;
  upload: ReturnType<typeof useExcelUpload>;
  /** A request is on its way. */
  disabled: boolean;
  onClearAll: () => void;
}

/** The grid with its toolbar (Excel upload, add rows, clear), the upload message and the row errors. */
export function BulkGridCard({
  columns,
  state,
  dispatch,
  validation,
  upload: { fileRef, ...upload },
  disabled,
  onClearAll,
}: BulkGridCardProps) {
  // Stable between renders: the grid's memoised rows re-render only when their own props change.
  const gridColumns = useMemo<GridColumnView[]>(
    () =>
      columns.map((c) => ({
        key: c.field_key,
        label: c.label,
        required: c.is_required || c.field_key === 'keywords' || c.field_key === 'landingUrl',
        placeholder: c.placeholder || undefined,
        width: c.field_key === 'landingUrl' ? '44%' : c.field_key === 'keywords' ? '22%' : undefined,
        ...(c.field_type === 'select' && { choices: optionsOf(c), format: (v: string) => toFieldValue(c, v) }),
        ...(c.field_type === 'boolean' && {
          choices: [fieldValueTexts.yes, fieldValueTexts.no],
          format: (v: string) => displayFieldValue(c, toFieldValue(c, v)),
        }),
      })),
    [columns],
  );
  const hasErrors = validation.invalidRows.length > 0;

  return (
    <Card
      title="슬롯 입력"
      description={`빈 행은 제외됩니다. 최소 ${MIN_ROWS}행, 최대 ${formatNumber(MAX_ROWS)}행까지 입력할 수 있습니다.`}
      actions={
        <div className={styles.toolbar}>
          <input
            ref={fileRef}
            type="file"
            accept={EXCEL_ACCEPT}
            className="visually-hidden"
            id="bulk-excel-upload"
            aria-label="엑셀 파일 업로드"
            tabIndex={-1}
            onChange={(e) => void upload.onFile(e.target.files?.[0])}
            disabled={upload.importing || disabled}
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => fileRef.current?.click()}
            loading={upload.importing}
            loadingText="불러오는 중..."
          >
            <Icon name="receipt" size={16} />
            엑셀 업로드
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => dispatch({ type: 'addRows', count: 1 })}
            disabled={disabled}
          >
            <Icon name="plus" size={16} />행 추가
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => dispatch({ type: 'addRows', count: 10 })}
            disabled={disabled}
          >
            10행 추가
          </Button>
          <Button variant="ghost" size="sm" onClick={onClearAll} disabled={disabled}>
            전체 비우기
          </Button>
        </div>
      }
    >
      {upload.message && (
        <Alert tone={upload.message.tone} onDismiss={upload.clearMessage} className={styles.spaced}>
          {upload.message.text}
        </Alert>
      )}
      <SpreadsheetGrid
        label="슬롯 대량 등록 표"
        columns={gridColumns}
        state={state}
        dispatch={dispatch}
        cellErrors={validation.cellErrors}
        onDeleteRow={(row) => dispatch({ type: 'deleteRow', row })}
        disabled={disabled}
      />
      <p className={styles.gridMeta}>
        총 {formatNumber(state.rows.length)}행 · 입력된 행 {formatNumber(validation.filledRows.length)}개
        {hasErrors && (
          <span className={styles.errorCount}> · 오류 {formatNumber(validation.invalidRows.length)}행</span>
        )}
      </p>
      {hasErrors && (
        <Alert tone="error" title={slotMessages.fixErrorsFirst} className={styles.spacedTop}>
          <ul className={styles.lines}>
            {truncateLines(validation.messages, VALIDATION_LINES).map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </Alert>
      )}
    </Card>
  );
}
