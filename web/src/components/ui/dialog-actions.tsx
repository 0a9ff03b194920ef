import { Button, type ButtonProps } from './button';

/**
 * A dialog's 취소 and confirm buttons. While the action runs, 취소 is off (closing mid-request would lose its
 * answer) and the confirm button shows the spinner. The confirm button takes the rest of the props (type, form,
 * variant, loadingText, onClick).
 */
export function DialogActions({ onCancel, busy, ...confirm }: { onCancel: () => void; busy: boolean } & ButtonProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        취소
      </Button>
      <Button loading={busy} {...confirm} />
    </>
  );
}
