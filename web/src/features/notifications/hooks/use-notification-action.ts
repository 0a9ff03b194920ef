import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { actionTarget } from '../utils/notification-display';

/** Follows a notification action (an in-app path navigates; see actionTarget). */
export function useNotificationAction() {
  const navigate = useNavigate();
  return useCallback(
    (action: string) => {
      const target = actionTarget(action);
      if (target.kind === 'route') void navigate(target.path);
      else if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
    },
    [navigate],
  );
}
