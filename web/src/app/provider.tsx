import { useEffect, useRef, type ReactNode } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';
import { ToastProvider } from '@/components/ui/toast';
import { restoreSession } from '@/features/auth/api/refresh';
import { SettingsProvider } from '@/features/settings/components/settings-provider';
import { ApiError } from '@/lib/api-client';
import { useSessionState } from '@/lib/session-store';
import { routeOf } from '@/lib/route-data';

/** Client errors (4xx) will not change on retry; only network trouble and 5xx are retried. */
const shouldRetry = (error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/**
 * Restores the session on start-up and drops every cached answer when the signed-in user changes
 * (sign-out, user switch), so one account never sees another's data.
 */
function SessionBoundary({ children }: { children: ReactNode }) {
  const { mutate } = useSWRConfig();
  const userId = useSessionState().session?.user.id ?? null;
  const previous = useRef(userId);

  useEffect(() => {
    void restoreSession();
  }, []);

  useEffect(() => {
    if (previous.current === userId) return;
    const hadUser = previous.current !== null;
    previous.current = userId;
    // Signing in from no session (a reload restoring it) leaves nothing of another user to drop,
    // and clearing then would wipe the first page's answers that already arrived for this user.
    if (!hadUser) return;
    void mutate((key) => routeOf(key) !== 'GET /api/system-settings', undefined, { revalidate: false });
  }, [userId, mutate]);

  return children;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        revalidateOnFocus: true,
        onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
          if (!shouldRetry(error) || retryCount >= 3) return;
          setTimeout(() => revalidate({ retryCount }), 2 ** retryCount * 1000);
        },
      }}
    >
      <ToastProvider>
        <SettingsProvider>
          <SessionBoundary>{children}</SessionBoundary>
        </SettingsProvider>
      </ToastProvider>
    </SWRConfig>
  );
}
