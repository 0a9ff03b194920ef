import { useToast } from '@/components/ui/toast';
import { useChangeUser, type UserChange } from '../api/change-user';

/**
 * Sends a user change from a dialog: a success says so and closes it; a failure stays in the hook's error state,
 * which the dialog shows.
 */
export function useSaveUser(onClose: () => void, successMessage: string) {
  const { trigger, isMutating, error, reset } = useChangeUser();
  const toast = useToast();
  const save = async (change: UserChange) => {
    try {
      await trigger(change);
      toast({ tone: 'success', message: successMessage });
      onClose();
    } catch {
      // Shown in the dialog from the hook's error state.
    }
  };
  return { save, isMutating, error, reset };
}
