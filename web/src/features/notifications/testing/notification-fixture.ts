import type { NotificationDto } from '#shared/schemas/notifications';

let seq = 0;

/** A notification as the API sends it (unread, undismissed, info) with the given changes. */
export function notification(over: Partial<NotificationDto> = {}): NotificationDto {
  seq += 1;
  const id = over.id ?? `n${seq}`;
  return {
    id,
    type: 'info',
    title: `알림 ${id}`,
    message: `내용 ${id}`,
    sender: 'system',
    recipient_id: 'u1',
    group_id: `g-${id}`,
    is_read: false,
    read_status: 'unread',
    created_at: new Date().toISOString(),
    read_at: null,
    dismissed_at: null,
    priority: 'normal',
    auto_close: true,
    duration: 5000,
    ...over,
  };
}
