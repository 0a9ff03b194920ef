import { useRouteMutation } from '@/lib/route-data';

/**
 * The schema the server parses the body with; the form validates with it too. Loaded on the first
 * submit (as the sign-in form does): zod is ~40 KB the page can show without.
 */
export const loadSendSchema = () => import('#shared/schemas/notifications').then((m) => m.notificationSendSchema);

/** POST /api/notifications (operators): one send to 'all', one user or a list → its group id and head count. */
export const useSendNotification = () =>
  // The new send heads the history and moves its stat cards.
  useRouteMutation('POST /api/notifications', { invalidates: ['GET /api/notifications/all'] });
