import { useState, type Dispatch } from 'react';
import { useNavigate } from 'react-router';
import type { FieldConfig } from '#shared/field-configs';
import { commonMessages } from '#shared/messages/common';
import { slotMessages } from '#shared/messages/slots';
import { type BulkCreateResult } from '#shared/schemas/slots';
import { useToast } from '@/components/ui/toast';
import { useActionKey } from '@/hooks/use-action-key';
import { errorMessage } from '@/lib/api-client';
import { useSessionState } from '@/lib/session-store';
import { refusedBulkRows, useBulkCreateSlots } from '@/features/slot-bulk/api/bulk-create-slots';
import type { GridAction } from '@/features/slot-bulk/utils/grid';
import { toCustomFields, truncateLines } from '@/features/slot-bulk/utils/grid-validation';

/** Lines of the result panel; the rest are counted. */
const RESULT_LINES = 10;
const UNEXPECTED = '일괄 등록 중 오류가 발생했습니다.';

export interface BulkResult {
  tone: 'success' | 'warning' | 'error';
  title: string;
  succeeded: number;
  failed: number;
  lines: string[];
  note?: string;
}

/**
 * A failed row's result line: '행 N: {message}'; without a message, '행 N: 등록 실패' for a
 * row the answer lists, or '행 N: 알 수 없는 오류' for a row of a request that was refused as a whole.
 */
const answeredRowLine = (row: number, message: string | undefined) =>
  message?.trim() ? `행 ${row}: ${message}` : slotMessages.bulkRowFailed(row);
const refusedRowLine = (row: number, message: string | undefined) =>
  `행 ${row}: ${message?.trim() || commonMessages.unknownError}`;

/**
 * Sends the filled grid rows in one request. All done → back to My slots; refused or partly done →
 * a result panel naming the rows by their grid numbers (only the failed rows stay in the grid).
 */
export function useBulkSubmit(
  rows: string[][],
  filled: number[],
  columns: FieldConfig[],
  dispatch: Dispatch<GridAction>,
) {
  const navigate = useNavigate();
  const toast = useToast();
  // One key per set of rows the advertiser means to send: a retry of the same rows is the same bulk,
  // also after a reload of the tab (the key waits in session storage until the answer arrives).
  const userId = useSessionState().session?.user.id ?? '';
  const { trigger, isMutating } = useBulkCreateSlots(useActionKey({ persistAs: `bulk-register:${userId}` }), columns);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (): Promise<void> => {
    const input = { rows: filled.map((r) => ({ customFields: toCustomFields(rows[r], columns) })) };
    setFailure(null);
    setResult(null);
    let answer: BulkCreateResult;
    try {
      answer = await trigger(input);
    } catch (e) {
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
    dispatch({ type: 'load', rows: failedRows.map((r) => rows[r]) });
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

  return {
    submit,
    isMutating,
    result,
    clearResult: () => setResult(null),
    failure,
    clearFailure: () => setFailure(null),
  };
}
