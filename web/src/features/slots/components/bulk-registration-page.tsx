import { useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FieldConfig } from '#shared/field-configs';
import { commonMessages } from '#shared/messages';
import { slotMessages, type BulkCreateResult } from '#shared/schemas/slots';
import { slotFormFields, slotFieldMessages } from '#shared/slot-fields';
import { Alert, ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage, newIdempotencyKey } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import { formatNumber, formatWon } from '@/lib/format';
import { refusedBulkRows, useBulkCreateSlots } from '../api/bulk-create-slots';
import { balanceLoadFailed, useBalance } from '@/hooks/use-balance';
import { useFieldConfigs } from '../api/get-field-configs';
import { EXCEL_ACCEPT, ExcelImportError, excelMessages, importExcelRows } from '../utils/excel-import';
import { createGridState, gridReducer, MAX_ROWS, MIN_ROWS } from '../utils/grid';
import { toCustomFields, truncateLines, validateGrid } from '../utils/grid-validation';
import { SpreadsheetGrid, type GridColumnView } from './spreadsheet-grid';
import styles from './bulk-registration-page.module.css';

/** Lines of the result panel and of the validation list (spec §2, §5, §9). */
const RESULT_LINES = 10;
const VALIDATION_LINES = 5;
const UNEXPECTED = '일괄 등록 중 오류가 발생했습니다.';

/**
 * A failed row's result line (spec §8): '행 N: {message}'; without a message, '행 N: 등록 실패' for a
 * row the answer lists, or '행 N: 알 수 없는 오류' for a row of a request that was refused as a whole.
 */
const answeredRowLine = (row: number, message: string | undefined) => (message?.trim() ? `행 ${row}: ${message}` : slotMessages.bulkRowFailed(row));
const refusedRowLine = (row: number, message: string | undefined) => `행 ${row}: ${message?.trim() || commonMessages.unknownError}`;

/** /slots/bulk — 슬롯 대량 등록 (advertiser §2 "Bulk slot registration page"). */
export function BulkRegistrationPage() {
  const { data: configs, error, isLoading } = useFieldConfigs();
  const columns = useMemo(() => (configs ? slotFormFields(configs) : []), [configs]);

  let body;
  if (isLoading) body = <LoadingBlock />;
  else if (error || !configs) body = <ErrorBox message={errorMessage(error, commonMessages.network)} />;
  else if (columns.length === 0)
    body = (
      <Card>
        <EmptyState icon="settings" title={slotFieldMessages.noEnabledFields} description="시스템 설정에서 입력 필드를 활성화해주세요." />
      </Card>
    );
  else body = <BulkRegistration key={columns.map((c) => c.field_key).join()} configs={configs} columns={columns} />;

  return (
    <>
      <PageHeader title="슬롯 대량 등록" description="엑셀이나 구글 시트에서 복사한 내용을 표에 붙여넣어 여러 슬롯을 한 번에 신청합니다." />
      {body}
    </>
  );
}

interface ResultPanel {
  tone: 'success' | 'warning' | 'error';
  title: string;
  succeeded: number;
  failed: number;
  lines: string[];
  note?: string;
}

function BulkRegistration({ configs, columns }: { configs: FieldConfig[]; columns: FieldConfig[] }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { useCashSystem, defaultSlotPrice, slotOperationMode } = useAppSettings();
  const balance = useBalance(useCashSystem);
  const { trigger, isMutating } = useBulkCreateSlots();
  const [state, dispatch] = useReducer(gridReducer, columns.length, (count) => createGridState(count));
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ResultPanel | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [importMessage, setImportMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const gridColumns: GridColumnView[] = columns.map((c) => ({
    key: c.field_key,
    label: c.label,
    required: c.is_required || c.field_key === 'keywords' || c.field_key === 'landingUrl',
    placeholder: c.placeholder || undefined,
    width: c.field_key === 'landingUrl' ? '44%' : c.field_key === 'keywords' ? '22%' : undefined,
  }));

  // Validate what is committed plus the cell being typed, so errors follow the keyboard.
  const liveRows = useMemo(() => {
    if (!state.editing) return state.rows;
    const rows = state.rows.slice();
    rows[state.cursor.row] = rows[state.cursor.row].slice();
    rows[state.cursor.row][state.cursor.col] = state.editing.draft;
    return rows;
  }, [state.rows, state.editing, state.cursor]);
  const validation = useMemo(() => validateGrid(liveRows, columns, configs), [liveRows, columns, configs]);

  const count = validation.filledRows.length;
  const hasErrors = validation.invalidRows.length > 0;
  const required = useCashSystem ? count * defaultSlotPrice : 0;
  const currentBalance = balance.data?.amount ?? null;
  const balanceFailed = useCashSystem && currentBalance === null && !!balance.error;
  const insufficient = useCashSystem && currentBalance !== null && required > currentBalance;
  const preAllocation = slotOperationMode === 'pre-allocation';

  const blocker = hasErrors
    ? slotMessages.fixErrorsFirst
    : count === 0
      ? slotMessages.noRows
      : insufficient
        ? slotMessages.insufficientBalance(required, currentBalance ?? 0)
        : balanceFailed
          ? balanceLoadFailed
          : useCashSystem && currentBalance === null
            ? '잔액을 확인하는 중입니다.'
            : null;

  const submitLabel = useCashSystem ? `${formatNumber(count)}개 슬롯 신청 (${formatWon(required)})` : `${formatNumber(count)}개 슬롯 신청`;

  const submit = async () => {
    const filled = validation.filledRows;
    const rows = filled.map((r) => ({ customFields: toCustomFields(state.rows[r], columns) }));
    setFailure(null);
    setResult(null);
    let answer: BulkCreateResult;
    try {
      answer = await trigger({ input: { rows }, idempotencyKey: newIdempotencyKey() });
    } catch (e) {
      setConfirming(false);
      const refused = refusedBulkRows(e);
      if (!refused?.length) {
        setFailure(errorMessage(e, UNEXPECTED));
        return;
      }
      // Refused as a whole (balance or slot limit): nothing created, nothing charged; the bad rows are still named.
      setResult({
        tone: 'error',
        title: errorMessage(e, UNEXPECTED),
        succeeded: 0,
        failed: refused.length,
        lines: truncateLines(
          refused.map((r) => refusedRowLine((filled[r.row - 1] ?? r.row - 1) + 1, r.message)),
          RESULT_LINES,
        ),
        note: '등록된 슬롯이 없으며 차감된 금액도 없습니다. 오류가 있는 행을 수정한 뒤 다시 신청해주세요.',
      });
      return;
    }
    setConfirming(false);
    if (answer.failed === 0 && answer.succeeded > 0) {
      toast({ tone: 'success', message: slotMessages.bulkSucceeded(answer.succeeded) });
      navigate('/slots');
      return;
    }
    const failedSet = new Set(answer.errors.map((e) => e.row));
    if (answer.succeeded === 0) {
      // Nothing was created: the grid stays as it is; rows are named by their grid numbers.
      setResult({
        tone: 'error',
        title: slotMessages.bulkAllFailed,
        succeeded: 0,
        failed: answer.failed,
        lines: truncateLines(
          answer.errors.map((e) => answeredRowLine((filled[e.row - 1] ?? e.row - 1) + 1, e.message)),
          RESULT_LINES,
        ),
      });
      return;
    }
    // Partly done: keep only the failed rows in the grid (renumbered), so they can be fixed and sent again.
    const failedRows = filled.filter((_, i) => failedSet.has(i + 1));
    dispatch({ type: 'load', rows: failedRows.map((r) => state.rows[r]) });
    const position = new Map(filled.map((gridRow, i) => [i + 1, failedRows.indexOf(gridRow) + 1]));
    setResult({
      tone: 'warning',
      title: slotMessages.bulkPartial(answer.succeeded, answer.failed),
      succeeded: answer.succeeded,
      failed: answer.failed,
      lines: truncateLines(
        answer.errors.map((e) => answeredRowLine(position.get(e.row) ?? e.row, e.message)),
        RESULT_LINES,
      ),
      note: '등록된 행은 표에서 제외했습니다. 실패한 행을 수정한 뒤 다시 신청할 수 있습니다.',
    });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setImportMessage(null);
    setImporting(true);
    try {
      const rows = await importExcelRows(
        file,
        columns.map((c) => ({ key: c.field_key, label: c.label })),
      );
      const cut = rows.length > MAX_ROWS;
      dispatch({ type: 'load', rows: rows.slice(0, MAX_ROWS), append: true });
      setImportMessage({
        tone: 'success',
        text: `${file.name}에서 ${formatNumber(Math.min(rows.length, MAX_ROWS))}개 행을 불러왔습니다.${cut ? ` (최대 ${formatNumber(MAX_ROWS)}행까지만 불러옵니다)` : ''}`,
      });
    } catch (e) {
      setImportMessage({ tone: 'error', text: e instanceof ExcelImportError ? e.message : excelMessages.read });
    } finally {
      setImporting(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <div className={styles.layout}>
      {preAllocation && (
        <Alert tone="warning" title="선슬롯 운영 모드">
          {slotMessages.registrationInPreAllocation}
        </Alert>
      )}

      <div className={styles.counters} aria-label="신청 요약">
        <div className={styles.counter}>
          <span className={styles.counterLabel}>등록할 슬롯</span>
          <strong className={styles.counterValue} data-testid="bulk-count">
            {formatNumber(count)}개
          </strong>
        </div>
        {useCashSystem && (
          <>
            <div className={styles.counter}>
              <span className={styles.counterLabel}>현재 잔액</span>
              <strong className={styles.counterValue}>{currentBalance === null ? '-' : formatWon(currentBalance)}</strong>
              {balanceFailed && (
                <span className={styles.counterHint}>
                  불러오지 못했습니다.{' '}
                  <Button variant="ghost" size="sm" onClick={() => void balance.mutate()}>
                    다시 시도
                  </Button>
                </span>
              )}
            </div>
            <div className={`${styles.counter} ${insufficient ? styles.counterDanger : ''}`}>
              <span className={styles.counterLabel}>필요 금액</span>
              <strong className={styles.counterValue}>{formatWon(required)}</strong>
              <span className={styles.counterHint}>슬롯당 {formatWon(defaultSlotPrice)}</span>
            </div>
          </>
        )}
      </div>

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
              onChange={(e) => void onFile(e.target.files?.[0])}
              disabled={importing || isMutating}
            />
            <Button variant="secondary" size="sm" onClick={() => fileRef.current?.click()} loading={importing} loadingText="불러오는 중...">
              <Icon name="receipt" size={16} />
              엑셀 업로드
            </Button>
            <Button variant="secondary" size="sm" onClick={() => dispatch({ type: 'addRows', count: 1 })} disabled={isMutating}>
              <Icon name="plus" size={16} />
              행 추가
            </Button>
            <Button variant="secondary" size="sm" onClick={() => dispatch({ type: 'addRows', count: 10 })} disabled={isMutating}>
              10행 추가
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                dispatch({ type: 'reset' });
                setResult(null);
                setImportMessage(null);
              }}
              disabled={isMutating}
            >
              전체 비우기
            </Button>
          </div>
        }
      >
        {importMessage && (
          <Alert tone={importMessage.tone} onDismiss={() => setImportMessage(null)} className={styles.spaced}>
            {importMessage.text}
          </Alert>
        )}
        <SpreadsheetGrid
          label="슬롯 대량 등록 표"
          columns={gridColumns}
          state={state}
          dispatch={dispatch}
          cellErrors={validation.cellErrors}
          onDeleteRow={(row) => dispatch({ type: 'deleteRow', row })}
          disabled={isMutating}
        />
        <p className={styles.gridMeta}>
          총 {formatNumber(state.rows.length)}행 · 입력된 행 {formatNumber(count)}개
          {hasErrors && <span className={styles.errorCount}> · 오류 {formatNumber(validation.invalidRows.length)}행</span>}
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

      {result && (
        <section className={`${styles.result} ${styles[result.tone]}`} aria-live="polite" data-testid="bulk-result">
          <h2 className={styles.resultTitle}>{result.title}</h2>
          <div className={styles.resultCounts}>
            <span>
              성공 <strong className={styles.ok}>{formatNumber(result.succeeded)}</strong>개
            </span>
            <span>
              실패 <strong className={styles.fail}>{formatNumber(result.failed)}</strong>개
            </span>
          </div>
          {result.lines.length > 0 && (
            <ul className={styles.lines}>
              {result.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          )}
          {result.note && <p className={styles.resultNote}>{result.note}</p>}
        </section>
      )}

      <ErrorBox message={failure} onDismiss={() => setFailure(null)} />

      <aside className={styles.tips} aria-label="입력 도움말">
        <h2 className={styles.tipsTitle}>
          <Icon name="info" size={16} /> 입력 팁
        </h2>
        <ul>
          <li>엑셀이나 구글 시트에서 여러 칸을 복사한 뒤, 시작할 칸을 선택하고 Ctrl+V(⌘+V)로 붙여넣으세요. 행이 모자라면 자동으로 늘어납니다.</li>
          <li>칸을 선택한 뒤 바로 입력하면 내용이 바뀝니다. Enter나 F2로 기존 내용을 고치고, Enter·Tab으로 확정, Esc로 취소합니다.</li>
          <li>방향키로 칸을 이동하고 Delete로 내용을 지웁니다. 마지막 칸에서 Tab을 누르면 새 행이 추가됩니다.</li>
          <li>URL은 itemId와 vendorItemId가 포함된 쿠팡 상품 주소여야 합니다. 키워드는 쉼표로 구분해 최대 10개까지 입력할 수 있습니다.</li>
          <li>엑셀 업로드(.xlsx, .xls)는 첫 행을 머리글로 보고 제외합니다. 머리글이 필드 이름과 같으면 그 열에 맞춰 넣습니다.</li>
        </ul>
      </aside>

      <div className={styles.footer}>
        <Button variant="secondary" onClick={() => navigate('/slots')} disabled={isMutating}>
          취소
        </Button>
        <div className={styles.submitArea}>
          {blocker && count > 0 && (
            <span className={styles.blocker} role="status">
              {blocker}
            </span>
          )}
          {blocker && count === 0 && <span className={styles.blockerMuted}>{blocker}</span>}
          <Button
            size="lg"
            onClick={() => setConfirming(true)}
            disabled={!!blocker || isMutating || preAllocation}
            loading={isMutating}
            loadingText="신청 중..."
            data-testid="bulk-submit"
          >
            {submitLabel}
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        title="슬롯 신청"
        message={
          useCashSystem
            ? `${formatNumber(count)}개 슬롯을 신청하시겠습니까? 총 ${formatWon(required)}이 잔액에서 차감됩니다.`
            : `${formatNumber(count)}개 슬롯을 신청하시겠습니까?`
        }
        confirmLabel="신청"
        loading={isMutating}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
