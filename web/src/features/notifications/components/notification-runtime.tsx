import { useNotificationRuntime } from '../hooks/use-notification-runtime';
import { NotificationToaster } from './notification-toaster';

/** The background part for a role user: socket, fallback poll, toasts and sound. Mount once. */
export function NotificationRuntime({ userId }: { userId: string }) {
  const { queue, config, onAction } = useNotificationRuntime({ userId });
  if (!config.enabled) return null;
  return <NotificationToaster queue={queue} config={config} onAction={onAction} />;
}
