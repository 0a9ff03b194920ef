import { useState } from 'react';
import type { FieldConfig } from '#shared/field-configs';
import { commonMessages } from '#shared/messages/common';
import { inlineEditTexts, slotMessages } from '#shared/messages/slots';
import type { SlotDto } from '#shared/schemas/slots';
import { KEYWORD_FIELD, URL_FIELD } from '#shared/slot-fields';
import { useToast } from '@/components/ui/toast';
import { classifyFailure } from '@/lib/failure-text';
import { fieldValue } from '@/lib/slots/slot-display';
import { useUpdateSlotFields } from '@/lib/slots/update-slot-fields';

/** A filled slot needs its keyword and URL besides the configured required fields (spec §5). */
const isRequired = (f: FieldConfig) => f.is_required || f.field_key === KEYWORD_FIELD || f.field_key === URL_FIELD;

/**
 * Inline row edit of My slots (advertiser spec §5): one row at a time, its list fields as inputs.
 * Empty required fields read '필수 입력' each and the row '필수 입력 항목을 확인해주세요.'; the
 * server checks the rest (the URL rule among them) through update-fields, and its refusal shows on
 * the row. A keyword or URL change asks first, as the edit dialog does (it resets the rank).
 */
export function useInlineRowEdit(listFields: FieldConfig[]) {
  const update = useUpdateSlotFields();
  const toast = useToast();
  const [row, setRow] = useState<{ slot: SlotDto; values: Record<string, string> } | null>(null);
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const start = (slot: SlotDto) => {
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
    if (!row || update.isMutating) return;
    const trimmed = Object.fromEntries(Object.entries(row.values).map(([k, v]) => [k, v.trim()]));
    const empty = listFields.filter((f) => isRequired(f) && !trimmed[f.field_key]).map((f) => f.field_key);
    if (empty.length) {
      setMissing(new Set(empty));
      setError(inlineEditTexts.checkRequired);
      return;
    }
    setMissing(new Set());
    const changed = Object.fromEntries(
      Object.entries(trimmed).filter(([k, v]) => v !== (fieldValue(row.slot, k) ?? '').trim()),
    );
    if (Object.keys(changed).length === 0) return cancel();
    if (!confirmed && (KEYWORD_FIELD in changed || URL_FIELD in changed)) return setConfirming(true);
    setConfirming(false);
    setError(null);
    try {
      await update.trigger({ id: row.slot.id, customFields: changed });
      toast({ tone: 'success', message: slotMessages.slotUpdated });
      cancel();
    } catch (e) {
      const failure = classifyFailure(e);
      setError(
        failure.kind === 'unexpected'
          ? '수정 중 오류가 발생했습니다.'
          : `수정 실패: ${failure.serverText ?? commonMessages.unknownError}`,
      );
    }
  };

  return {
    editingId: row?.slot.id ?? null,
    values: row?.values ?? {},
    missing,
    error,
    busy: update.isMutating,
    confirming,
    start,
    cancel,
    change,
    save,
    dismissConfirm: () => setConfirming(false),
  };
}

export type InlineRowEdit = ReturnType<typeof useInlineRowEdit>;
