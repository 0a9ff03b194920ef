import { useState } from 'react';
import { priceEditDialogTexts as texts } from '#shared/messages/slot-price-edit';
import { slotMessages } from '#shared/messages/slots';
import type { PricePreviewDto } from '#shared/schemas/slot-admin';
import type { SlotDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { TextField } from '@/components/ui/text-field';
import type { ActionKeys } from '@/hooks/use-action-key';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { errorMessage } from '@/lib/api-client';
import { formatWon } from '@/lib/format';
import { useRoute } from '@/lib/route-data';
import { editSlotPrice, priceEditSchema } from '../api/slot-changes';
import { ActionDialog } from './action-dialog';
import styles from './admin-slots.module.css';

/** The typed price as the server will read it, or null while it is not a valid one. */
function validPrice(text: string): number | null {
  const parsed = priceEditSchema.safeParse({ price: Number(text.trim() || NaN) });
  return parsed.success ? parsed.data.price : null;
}

const settlementText = (p: PricePreviewDto) =>
  p.settlement === 'charge'
    ? `${texts.charge} ${formatWon(p.amount)}`
    : p.settlement === 'return'
      ? `${texts.return} ${formatWon(p.amount)}`
      : texts.none;

/** What the edit will do to money, from the server's own computation (as the refund dialog shows its amount). */
function PricePreview({ slotId, price }: { slotId: string; price: number | null }) {
  // Null price (nothing valid typed yet) → no request.
  const preview = useRoute(
    'GET /api/slots/{id}/price-preview',
    price === null ? null : { path: { id: slotId }, query: { price } },
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  if (price === null) return null;
  if (preview.error) return <ErrorBox message={errorMessage(preview.error, texts.previewFailed)} />;
  if (!preview.data) return <div className={styles.amount}>차액 계산 중...</div>;
  const p = preview.data;
  const signed = p.difference > 0 ? `+${formatWon(p.difference)}` : formatWon(p.difference);
  return (
    <dl className={styles.amount} data-testid="price-preview">
      <div>
        {texts.current} <strong>{formatWon(p.currentPrice)}</strong>
      </div>
      <div>
        {texts.next} <strong>{formatWon(p.newPrice)}</strong> ({texts.difference} {signed})
      </div>
      <div data-testid="price-settlement">
        <strong>{settlementText(p)}</strong>
      </div>
      <div>
        {texts.balance} {formatWon(p.balance)} → {texts.balanceAfter} <strong>{formatWon(p.balanceAfter)}</strong>
      </div>
      {p.balanceAfter < 0 && (
        <div className={styles.muted}>{slotMessages.insufficientBalance(p.amount, p.balance)}</div>
      )}
    </dl>
  );
}

/**
 * 가격 수정 after approval: the new price (> 0), a preview of
 * the difference the owner is charged or given back and the balance after, then the edit with the
 * Idempotency-Key of this price.
 */
export function PriceEditModal({ slot, onClose, keys }: { slot: SlotDto; onClose: () => void; keys: ActionKeys }) {
  const [text, setText] = useState(String(slot.approved_price ?? slot.price ?? ''));
  const price = useDebouncedValue(validPrice(text), 300);
  return (
    <ActionDialog
      slot={slot}
      action={texts.confirm}
      showOwner
      parse={() => priceEditSchema.safeParse({ price: Number(text.trim() || NaN) })}
      run={(input) => keys.send({ slotId: slot.id, ...input }, (key) => editSlotPrice(slot.id, input, key))}
      successMessage={texts.saved}
      failureText={(e) => errorMessage(e, texts.failed)}
      onClose={onClose}
    >
      {(error) => (
        <>
          <p className={styles.muted}>{texts.note}</p>
          <TextField
            label={texts.priceLabel}
            inputMode="numeric"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={error ?? undefined}
            requiredMark
            data-autofocus
          />
          <PricePreview slotId={slot.id} price={price} />
        </>
      )}
    </ActionDialog>
  );
}
