import { useNavigate } from 'react-router';
import { authMessages } from '#shared/messages/auth';
import { userMessages } from '#shared/messages/users';
import { homePathFor } from '#shared/roles';
import type { AdminUserDto } from '#shared/schemas/users';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api-client';
import { failureText } from '@/lib/failure-text';
import { switchUser } from '@/lib/switch-user';
import { useState } from 'react';
import { useChangeUser } from '../api/change-user';

/** Delete confirm (soft delete: the account is deactivated and unlisted; money and slots stay). */
export function DeleteUserDialog({ user, onClose }: { user: AdminUserDto; onClose: () => void }) {
  const { trigger, isMutating } = useChangeUser();
  const toast = useToast();
  const onConfirm = async () => {
    try {
      await trigger({ action: 'delete', id: user.id });
      toast({ tone: 'success', message: userMessages.deleted });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, userMessages.deleteFailed) });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title="사용자 삭제"
      message={userMessages.deleteConfirm(`${user.fullName} (${user.email})`)}
      confirmLabel="삭제"
      tone="danger"
      loading={isMutating}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}

/** A developer acts as the user; the floating switch-back button takes them home. */
export function SwitchUserDialog({ user, onClose }: { user: AdminUserDto; onClose: () => void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onConfirm = async () => {
    setBusy(true);
    try {
      const session = await switchUser(user.id);
      navigate(homePathFor(session.user.role), { replace: true });
    } catch (error) {
      setBusy(false);
      // Refused → the server's text or '사용자 전환에 실패했습니다.'; no answer → '… 중 오류가 발생했습니다.'
      toast({
        tone: 'error',
        message: failureText(error, { refused: authMessages.switchFailed, unexpected: authMessages.switchError }),
      });
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open
      title="사용자 전환"
      message={userMessages.switchConfirm(`${user.fullName} (${user.email})`)}
      confirmLabel="전환"
      loading={busy}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}

/**
 * A developer removes another staff member's second factor (lost phone): the server logs it, ends
 * their sessions and tells them; they enrol again at the next sign-in.
 */
export function ResetSecondFactorDialog({ user, onClose }: { user: AdminUserDto; onClose: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onConfirm = async () => {
    setBusy(true);
    try {
      await api.call('POST /api/users/{id}/second-factor/reset', { path: { id: user.id } });
      toast({ tone: 'success', message: `${user.fullName} 님의 2단계 인증을 초기화했습니다.` });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, '2단계 인증을 초기화하지 못했습니다.') });
    }
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title="2단계 인증 초기화"
      message={`${user.fullName} (${user.email}) 님의 2단계 인증을 초기화할까요? 로그인 중인 기기에서 모두 로그아웃되고, 다음 로그인 때 인증 앱을 다시 등록해야 합니다.`}
      confirmLabel="초기화"
      tone="danger"
      loading={busy}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}
