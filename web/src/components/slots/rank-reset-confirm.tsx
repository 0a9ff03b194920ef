import { rankResetTexts } from '#shared/messages/slots';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRoute } from '@/lib/route-data';

/**
 * The question asked before a keyword or URL change, which wipes the slot's rank information and
 * rank history: it says what is lost in the server's own count of history days. While the count is
 * read the change cannot be confirmed; if it cannot be read, the general warning says so.
 */
export function RankResetConfirm({
  slotId,
  open,
  saving,
  onConfirm,
  onCancel,
}: {
  slotId: string;
  open: boolean;
  /** The save is under way: buttons disabled, the dialog stays. */
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  // Read each time the warning opens: the rank job may have added a day since the last look, and the
  // count must be the one the update would delete now.
  const reset = useRoute('GET /api/slots/{id}/rank-delete-query', open ? { path: { id: slotId } } : null, {
    revalidateOnFocus: false,
    // A failed read leaves the general warning in place; retrying would keep taking the answer away.
    shouldRetryOnError: false,
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
  const counting = open && reset.isValidating;
  const lost = !counting && reset.data ? reset.data : null;
  return (
    <ConfirmDialog
      open={open}
      title={rankResetTexts.title}
      message={
        <>
          <p data-testid="rank-reset-loss">
            {counting
              ? rankResetTexts.counting
              : lost
                ? lost.message
                : `${rankResetTexts.generic} ${rankResetTexts.countFailed}`}
          </p>
          <p>{rankResetTexts.proceed}</p>
        </>
      }
      confirmLabel={rankResetTexts.confirm}
      confirmDisabled={counting}
      tone="danger"
      loading={saving}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
