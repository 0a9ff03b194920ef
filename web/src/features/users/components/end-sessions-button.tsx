import { useState } from 'react';
import { sessionMessages as m } from '#shared/messages/sessions';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useRouteMutation } from '@/lib/route-data';

/** The customer view's '모든 세션 종료': after a confirmation, every device of the customer signs in again. */
export function EndSessionsButton({ user }: { user: { id: string; fullName: string } }) {
  const [asking, setAsking] = useState(false);
  const { trigger, isMutating } = useRouteMutation('POST /api/users/{id}/sessions/end');
  const toast = useToast();
  const confirm = async () => {
    try {
      const { ended } = await trigger({ path: { id: user.id } });
      toast({ tone: 'success', message: m.endedAll(ended) });
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, m.endFailed) });
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        {m.endAll}
      </Button>
      <ConfirmDialog
        open={asking}
        title={m.endAll}
        message={m.confirmEndAll(user.fullName)}
        confirmLabel={m.endAll}
        tone="danger"
        loading={isMutating}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
