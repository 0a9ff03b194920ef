import { useMemo, useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FieldConfig } from '#shared/field-configs';
import { commonMessages } from '#shared/messages/common';
import { slotMessages, slotFieldMessages } from '#shared/messages/slots';
import { slotFormFields } from '#shared/slot-fields';
import { Alert, ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { balanceLoadFailed, useBalance } from '@/hooks/use-balance';
import { errorMessage } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import { formatNumber, formatWon } from '@/lib/format';
import { useFieldConfigs } from '@/lib/slots/get-field-configs';
import { useBulkSubmit } from '@/features/slot-bulk/hooks/use-bulk-submit';
import { useExcelUpload } from '@/features/slot-bulk/hooks/use-excel-upload';
import { createGridState, gridReducer } from '@/features/slot-bulk/utils/grid';
import { validateGrid } from '@/features/slot-bulk/utils/grid-validation';
import { BulkGridCard } from './bulk-grid-card';
import { BulkResultPanel } from './bulk-result-panel';
import { BulkSummary } from './bulk-summary';
import { BulkTips } from './bulk-tips';
import styles from './bulk-registration-page.module.css';

/** /slots/bulk — 슬롯 대량 등록. */
export function BulkRegistrationPage() {
  const { data: configs, error, isLoading } = useFieldConfigs();
  const columns = useMemo(() => (configs ? slotFormFields(configs) : []), [configs]);

  let body;
  if (isLoading) body = <LoadingBlock />;
  else if (error || !configs) body = <ErrorBox message={errorMessage(error, commonMessages.network)} />;
  else if (columns.length === 0)
    body = (
      <Card>
        <EmptyState
          icon="settings"
          title={slotFieldMessages.noEnabledFields}
          description="시스템 설정에서 입력 필드를 활성화해주세요."
        />
      </Card>
    );
  else body = <BulkRegistration key={columns.map((c) => c.field_key).join()} configs={configs} columns={columns} />;

  return (
    <>
      <PageHeader
        title="슬롯 대량 등록"
        description="엑셀이나 구글 시트에서 복사한 내용을 표에 붙여넣어 여러 슬롯을 한 번에 신청합니다."
      />
      {body}
    </>
  );
}

function BulkRegistration({ configs, columns }: { configs: FieldConfig[]; columns: FieldConfig[] }) {
  const navigate = useNavigate();
  const { useCashSystem, defaultSlotPrice, slotOperationMode } = useAppSettings();
  const balance = useBalance(useCashSystem);
  const [state, dispatch] = useReducer(gridReducer, columns.length, (count) => createGridState(count));
  const [confirming, setConfirming] = useState(false);

  // Validate what is committed plus the cell being typed, so errors follow the keyboard.
  const liveRows = useMemo(() => {
    if (!state.editing) return state.rows;
    const rows = state.rows.slice();
    rows[state.cursor.row] = rows[state.cursor.row].slice();
    rows[state.cursor.row][state.cursor.col] = state.editing.draft;
    return rows;
  }, [state.rows, state.editing, state.cursor]);
  const validation = useMemo(() => validateGrid(liveRows, columns, configs), [liveRows, columns, configs]);
  const { submit, isMutating, result, clearResult, failure, clearFailure } = useBulkSubmit(
    state.rows,
    validation.filledRows,
    columns,
    dispatch,
  );
  const upload = useExcelUpload(columns, dispatch);

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

  const submitLabel = useCashSystem
    ? `${formatNumber(count)}개 슬롯 신청 (${formatWon(required)})`
    : `${formatNumber(count)}개 슬롯 신청`;

  return (
    <div className={styles.layout}>
      {preAllocation && (
        <Alert tone="warning" title="선슬롯 운영 모드">
          {slotMessages.registrationInPreAllocation}
        </Alert>
      )}

      <BulkSummary
        count={count}
        useCashSystem={useCashSystem}
        balance={currentBalance}
        balanceFailed={balanceFailed}
        onRetryBalance={() => void balance.mutate()}
        required={required}
        insufficient={insufficient}
        price={defaultSlotPrice}
      />

      <BulkGridCard
        columns={columns}
        state={state}
        dispatch={dispatch}
        validation={validation}
        upload={upload}
        disabled={isMutating}
        onClearAll={() => {
          dispatch({ type: 'reset' });
          clearResult();
          upload.clearMessage();
        }}
      />

      {result && <BulkResultPanel result={result} />}
      <ErrorBox message={failure} onDismiss={clearFailure} />
      <BulkTips />

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
        onConfirm={() => void submit().finally(() => setConfirming(false))}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
