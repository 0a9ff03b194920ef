import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authMessages } from '#shared/messages/auth';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Icon } from '@/components/ui/icon';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { applyAuthSession, useSessionState } from '@/lib/session-store';
import { useRouteMutation } from '@/lib/route-data';
import styles from './switch-back-button.module.css';

/**
 * Floats while a developer acts as another user: confirm, return to the developer's own session,
 * go to /.
 */
export function SwitchBackButton() {
  const { session } = useSessionState();
  const navigate = useNavigate();
  const toast = useToast();
  // The server restores the developer's own session.
  const { trigger, isMutating } = useRouteMutation('POST /api/auth/switch-back', { onSuccess: applyAuthSession });
  const [confirming, setConfirming] = useState(false);

  if (!session?.actingAs) return null;

  const onConfirm = async () => {
    try {
      await trigger();
      setConfirming(false);
      navigate('/', { replace: true });
    } catch (error) {
      setConfirming(false);
      toast({ tone: 'error', message: errorMessage(error, authMessages.switchError) });
    }
  };

  return (
    <>
      <div className={styles.floating} role="region" aria-label="사용자 전환 상태">
        <span className={styles.label}>
          <span className={styles.dot} aria-hidden="true" />
          <span>
            <strong>{session.user.fullName || session.user.email}</strong> 계정으로 보는 중
          </span>
        </span>
        <Button size="sm" onClick={() => setConfirming(true)}>
          <Icon name="switch-back" size={16} />
          원래 계정으로 돌아가기
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="원래 계정으로 돌아가기"
        message={`${session.actingAs.developerEmail} 계정으로 돌아갑니다. 계속하시겠습니까?`}
        confirmLabel="돌아가기"
        loading={isMutating}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
