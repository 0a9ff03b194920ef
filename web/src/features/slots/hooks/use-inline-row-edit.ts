import { useState } from 'react';
import type { FieldConfig } from '#shared/field-configs';
import { commonMessages } from '#shared/messages/common';
import { inlineEditTexts, slotMessages } from '#shared/messages/slots';
import type { SlotDto } from '#shared/schemas/slots';
import { useToast } from '@/components/ui/toast';
import { classifyFailure } from '@/lib/failure-text';
import { fieldValue } from '@/lib/slots/slot-display';

/** The checks and the save load when a row enters edit mode (they bring the forms/zod chunk). */
const loadEditor = () => import('../utils/inline-row-save');

/**
 * Inline row edit of My slots: one row at a time, its list fields as inputs.
 * Empty required fields read '필수 입력' each and the row '필수 입력 항목을 확인해주세요.'; the
 * server checks the rest (the URL rule among them) through update-fields, and its refusal shows on
 * the row. A keyword or URL change asks first, as the edit dialog does (it resets the rank).
 */
export function useInlineRowEdit(listFields: FieldConfig[]) {
  const toast = useToast();
  const [row, setRow] = useState<{ slot: SlotDto; values: Record<string, string> } | null>(null);
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const start = (slot: SlotDto) => {
    // Fetch the editor's code while the user types; a failed fetch is retried (and shown) on save.
    loadEditor().catch(() => undefined);
    setRow({ slot, values: Object.fromEntries(listFields.map((f) => [f.field_key, fieldValue(slot, f.field_key)])) });
    setMissing(new Set());
    setError(null);
  };
  const cancel = () => {
    setRow(null);
    setMissing(new Set());
    setError(null);
    setConfirming(false);
  };
  const change = (key: string, value: string) => {
    setRow((r) => r && { ...r, values: { ...r.values, [key]: value } });
    if (missing.has(key) && value.trim()) setMissing(new Set([...missing].filter((k) => k !== key)));
  };

  const save = async (confirmed = false) => {
    if (!row || busy) return;
    setBusy(true);
    try {
      const editor = await loadEditor();
      const plan = editor.planInlineSave(listFields, row.slot, row.values);
      if (plan.kind === 'missing') {
        setMissing(new Set(plan.keys));
        setError(inlineEditTexts.checkRequired);
        return;
      }
      setMissing(new Set());
      if (plan.kind === 'unchanged') return cancel();
      if (!confirmed && plan.resetsRank) return setConfirming(true);
      setConfirming(false);
      setError(null);
      await editor.saveInlineRow(row.slot.id, plan.changed);
      toast({ tone: 'success', message: slotMessages.slotUpdated });
      cancel();
    } catch (e) {
      const failure = classifyFailure(e);
      setError(
        failure.kind === 'unexpected'
          ? slotMessages.editError()
          : slotMessages.editRefused(failure.serverText ?? commonMessages.unknownError),
      );
    } finally {
      setBusy(false);
    }
  };

  return {
    editingId: row?.slot.id ?? null,
    values: row?.values ?? {},
    missing,
    error,
    busy,
    confirming,
    start,
    cancel,
    change,
    save,
    dismissConfirm: () => setConfirming(false),
  };
}

export type InlineRowEdit = ReturnType<typeof useInlineRowEdit>;
