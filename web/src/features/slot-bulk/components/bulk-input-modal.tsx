import { useMemo, useReducer, useState } from 'react';
import type { FieldConfig } from '#shared/field-configs';
import { parseCoupangUrl } from '#shared/coupang-url';
import type { SlotDto } from '#shared/schemas/slots';
import { KEYWORD_FIELD, MID_FIELD, URL_FIELD, slotFormFields, splitKeywords } from '#shared/slot-fields';
import { slotFieldMessages } from '#shared/messages/slots';
import { MAX_KEYWORDS } from '#shared/slot-constants';
import { Alert } from '@/components/ui/alert';
import { DialogActions } from '@/components/ui/dialog-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { useActionKey } from '@/hooks/use-action-key';
import { errorMessage } from '@/lib/api-client';
import { fillSlot } from '@/lib/slots/fill-slot';
import { revalidateSlots } from '@/lib/slots/invalidate';
import { updateSlotFields } from '@/lib/slots/update-slot-fields';
import { createGridState, gridReducer, isBlankRow } from '../utils/grid';
import { cellKey, truncateLines } from '../utils/grid-validation';
import { fieldValue } from '@/lib/slots/slot-display';
import { SpreadsheetGrid } from './spreadsheet-grid';
import styles from '@/components/slots/slot-forms.module.css';

const REASON_LINES = 5;

/**
 * 다중 슬롯 입력: one row per selected slot with keyword, URL and
 * MID; Tab/Enter move between cells, a block pasted from a spreadsheet fills the rows.
 * Unchanged and blank rows are skipped; empty slots are filled, others updated (the server resets the
 * rank data of an updated slot whose keyword or URL changed, in the same update).
 */
export function BulkInputModal({
  slots,
  configs,
  onClose,
  onDone,
}: {
  slots: SlotDto[];
  configs: FieldConfig[];
  onClose: () => void;
  onDone: () => void;
}) {
  const columns = useMemo(
    () =>
      slotFormFields(configs).filter(
        (f) => f.field_key === KEYWORD_FIELD || f.field_key === URL_FIELD || f.field_key === MID_FIELD,
      ),
    [configs],
  );
  const gridColumns = useMemo(
    () =>
      columns.map((c) => ({
        key: c.field_key,
        label: c.label,
        required: c.field_key !== MID_FIELD,
        width: c.field_key === URL_FIELD ? '50%' : undefined,
      })),
    [columns],
  );
  const original = useMemo(() => slots.map((s) => columns.map((c) => fieldValue(s, c.field_key))), [slots, columns]);
  const [state, dispatch] = useReducer(gridReducer, null, () =>
    createGridState(columns.length, original, { minRows: slots.length, maxRows: slots.length }),
  );
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [alert, setAlert] = useState<{ tone: 'error' | 'warning'; title: string; lines?: string[] } | null>(null);
  const [confirm, setConfirm] = useState<{ rows: number[]; rankResets: number } | null>(null);
  const [saving, setSaving] = useState(false);
  // Each empty slot's fill keeps its key until the whole save succeeds: a retried save fills once.
  const fillKeys = useActionKey();
  const toast = useToast();
  const col = (key: string) => columns.findIndex((c) => c.field_key === key);

  /** A filled slot whose keyword or URL changes loses its rank data (the ranks were measured for the old pair). */
  const resetsRank = (r: number) =>
    slots[r].status !== 'empty' &&
    [KEYWORD_FIELD, URL_FIELD].some((k) => (state.rows[r][col(k)] ?? '').trim() !== (original[r][col(k)] ?? '').trim());

  const changedRows = () =>
    state.rows
      .map((row, i) => ({ row, i }))
      .filter(({ row, i }) => !isBlankRow(row) && row.some((v, c) => v.trim() !== (original[i][c] ?? '').trim()))
      .map(({ i }) => i);

  const check = () => {
    const rows = changedRows();
    if (rows.length === 0) {
      setAlert({ tone: 'error', title: slotFieldMessages.noInput });
      return;
    }
    const found = new Map<string, string>();
    let missingKeywords = 0;
    let missingUrls = 0;
    let badUrls = 0;
    for (const r of rows) {
      const row = state.rows[r];
      const keyword = (row[col(KEYWORD_FIELD)] ?? '').trim();
      const url = (row[col(URL_FIELD)] ?? '').trim();
      if (!keyword) {
        missingKeywords++;
        found.set(cellKey(r, col(KEYWORD_FIELD)), slotFieldMessages.keywordRequired);
      } else if (splitKeywords(keyword).length > MAX_KEYWORDS) {
        found.set(cellKey(r, col(KEYWORD_FIELD)), slotFieldMessages.tooManyKeywords);
      }
      if (!url) {
        missingUrls++;
        found.set(cellKey(r, col(URL_FIELD)), slotFieldMessages.urlRequired);
      } else {
        const parsed = parseCoupangUrl(url);
        if (!parsed.ok) {
          badUrls++;
          found.set(cellKey(r, col(URL_FIELD)), parsed.message);
        }
      }
    }
    setErrors(found);
    if (missingKeywords || missingUrls) {
      const parts = [
        missingKeywords && `키워드 누락 ${missingKeywords}개`,
        missingUrls && `URL 누락 ${missingUrls}개`,
      ].filter(Boolean);
      setAlert({ tone: 'error', title: `${slotFieldMessages.checkRequired} (${parts.join(', ')})` });
      return;
    }
    if (badUrls || found.size) {
      setAlert({ tone: 'error', title: 'URL 형식을 확인해주세요.', lines: [...found.values()].slice(0, REASON_LINES) });
      return;
    }
    setAlert(null);
    setConfirm({ rows, rankResets: rows.filter(resetsRank).length });
  };

  const save = async (rows: number[]) => {
    setSaving(true);
    const reasons: string[] = [];
    let ok = 0;
    for (const r of rows) {
      const slot = slots[r];
      const customFields = Object.fromEntries(columns.map((c, i) => [c.field_key, state.rows[r][i].trim()]));
      try {
        // No client-side rank delete first: update-fields resets it itself, so a failed save loses nothing.
        if (slot.status === 'empty')
          await fillSlot(slot.id, { customFields }, fillKeys.keyFor({ id: slot.id, customFields }));
        else await updateSlotFields(slot.id, { customFields });
        ok++;
      } catch (e) {
        reasons.push(`슬롯 #${slot.slot_number}: ${errorMessage(e, '저장 중 오류가 발생했습니다.')}`);
      }
    }
    await revalidateSlots();
    setSaving(false);
    setConfirm(null);
    if (reasons.length === 0) {
      fillKeys.renew();
      toast({ tone: 'success', message: `${ok}개 슬롯이 저장되었습니다.` });
      onDone();
      return;
    }
    setAlert({
      tone: 'warning',
      title: `성공 ${ok}개, 실패 ${reasons.length}개`,
      lines: truncateLines(reasons, REASON_LINES),
    });
  };

  return (
    <>
      <Modal
        open
        onClose={onClose}
        title="다중 슬롯 입력"
        description="선택한 슬롯의 정보를 표에서 한 번에 입력합니다. Tab·Enter로 이동하고, 엑셀에서 복사한 내용을 붙여넣을 수 있습니다."
        size="xl"
        dismissible={!saving}
        footer={
          <>
            <DialogActions onCancel={onClose} busy={saving} onClick={check} loadingText="저장 중...">
              저장
            </DialogActions>
          </>
        }
      >
        <div className={styles.stack}>
          {alert && (
            <Alert tone={alert.tone} title={alert.title} onDismiss={() => setAlert(null)}>
              {alert.lines && alert.lines.length > 0 ? (
                <ul className={styles.changeList}>
                  {alert.lines.map((l, i) => (
                    <li key={i}>{l}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          )}
          <SpreadsheetGrid
            label="다중 슬롯 입력 표"
            columns={gridColumns}
            state={state}
            dispatch={(action) => {
              dispatch(action);
              if (errors.size) setErrors(new Map());
            }}
            cellErrors={errors}
            rowLabel={(r) => `#${slots[r].slot_number}`}
            disabled={saving}
          />
        </div>
      </Modal>
      <ConfirmDialog
        open={confirm !== null}
        title="슬롯 정보 저장"
        message={
          <>
            {`${confirm?.rows.length ?? 0}개 슬롯을 저장하시겠습니까?`}
            {!!confirm?.rankResets && (
              <span className={styles.confirmWarning}>
                {`키워드 또는 URL이 바뀐 ${confirm.rankResets}개 슬롯은 기존 순위 정보와 순위 히스토리가 초기화됩니다.`}
              </span>
            )}
          </>
        }
        confirmLabel="저장"
        tone={confirm?.rankResets ? 'danger' : 'primary'}
        loading={saving}
        onConfirm={() => confirm && void save(confirm.rows)}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
