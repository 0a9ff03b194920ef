import { deferred, z } from '../zod';
import { notificationMessages as m } from '../messages/notifications';
import type { Pagination } from '../api';
import type {
  NOTIFICATION_ACTION_STYLES,
  NotificationPriority,
  NotificationSender,
  NotificationType,
} from '../notification-constants';
import {
  DURATION_DEFAULT_MS,
  DURATION_MAX_MS,
  DURATION_MIN_MS,
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  MAX_RECIPIENTS,
  MESSAGE_MAX,
  NOTIFICATION_LIST_DEFAULT,
  NOTIFICATION_LIST_MAX,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_SENDERS,
  NOTIFICATION_TYPES,
  TITLE_MAX,
} from '../notification-constants';

/**
 * Notifications (issue 13; advertiser-area §3/§7, operator console §5, design §7). The operator's send
 * form parses with `notificationSendSchema`, the same schema the server uses, so both say the same words.
 * Every top-level schema is deferred (built at first parse: keeps Lambda cold imports fast).
 */
export * from '../notification-constants';

export interface NotificationAction {
  label: string;
  style: (typeof NOTIFICATION_ACTION_STYLES)[number];
  /** An in-app path (`/slots`) or a URL path. */
  action: string;
}

/** What a user receives (the spec's snake_case entity). */
export interface NotificationDto {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  sender: NotificationSender;
  sender_name?: string;
  /** The user's id, or 'all' for a broadcast. */
  recipient_id: string;
  group_id: string;
  is_read: boolean;
  read_status: 'read' | 'unread';
  created_at: string;
  read_at: string | null;
  dismissed_at: string | null;
  priority: NotificationPriority;
  auto_close: boolean;
  /** Milliseconds a toast stays when it auto-closes. */
  duration: number;
  icon?: string;
  actions?: NotificationAction[];
  metadata?: Record<string, unknown>;
}

export interface NotificationListResult {
  items: NotificationDto[];
  nextCursor: string | null;
  unreadCount: number;
}
export interface UnreadCountResult {
  count: number;
}
export interface MarkReadResult {
  id: string;
  read_at: string;
  unreadCount: number;
}
export interface DismissResult {
  id: string;
  dismissed_at: string;
}
export interface MarkAllReadResult {
  updated: number;
  /** 0, unless a new notification arrived while marking. */
  unreadCount: number;
}
export interface DeleteResult {
  deleted: true;
  unreadCount: number;
}
export interface DeleteReadResult {
  deleted: number;
}
export interface SendResult {
  groupId: string;
  recipientCount: number;
}

/** One operator send (one row of /admin/notification-history). */
export interface SendRecord {
  group_id: string;
  type: NotificationType;
  title: string;
  message: string;
  sender: NotificationSender;
  sender_name: string;
  /** 'all', the one recipient's id, or 'multiple'. */
  recipient_id: string;
  /** '전체 사용자' | '홍길동 (hong)' | '3명' */
  recipient_label: string;
  recipient_count: number;
  read_count: number;
  /** 0..100, one decimal. */
  read_rate: number;
  priority: NotificationPriority;
  auto_close: boolean;
  duration: number;
  created_at: string;
}
export interface SendHistoryStats {
  totalSent: number;
  sentToday: number;
  totalRecipients: number;
  totalRead: number;
  /** 0..100, one decimal. */
  readRate: number;
}
export interface SendHistoryResult {
  items: SendRecord[];
  pagination: Pagination;
  stats: SendHistoryStats;
}

/**
 * WebSocket pushes (design §7): `{type, data}`. A `new_notification` carries the recipient's new
 * unread count in the same post (`unread`, issue 30: one post per socket); `unread_count` alone
 * follows a read, a delete or a mark-all.
 */
export type NotificationPush =
  | { type: 'new_notification'; data: NotificationDto; unread?: UnreadCountResult }
  | { type: 'unread_count'; data: UnreadCountResult }
  | { type: 'pong'; data: { at: string } };

const typeSchema = () => z.enum(NOTIFICATION_TYPES, { error: m.typeInvalid });
const userIdSchema = () => z.string().trim().min(1, m.recipientsRequired).max(100);

/**
 * `recipientId`: 'all', one user id or a list of them. Parsed to 'all' or a de-duplicated list of ids,
 * so the server and the form see one shape.
 */
const recipientsSchema = () =>
  z
    .union([z.string(), z.array(z.string())], { error: m.recipientsRequired })
    .transform((value, ctx): 'all' | string[] => {
      if (typeof value === 'string' && value.trim() === 'all') return 'all';
      const ids = [...new Set((Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter(Boolean))];
      if (ids.length === 0) {
        ctx.addIssue({ code: 'custom', message: m.recipientsRequired });
        return z.NEVER;
      }
      if (ids.length > MAX_RECIPIENTS) {
        ctx.addIssue({ code: 'custom', message: m.tooManyRecipients(MAX_RECIPIENTS) });
        return z.NEVER;
      }
      if (ids.some((id) => id.length > 100 || id === 'all')) {
        ctx.addIssue({ code: 'custom', message: m.recipientNotUser });
        return z.NEVER;
      }
      return ids;
    });

const durationSchema = () =>
  z
    .number({ error: m.durationRange })
    .int(m.durationRange)
    .min(DURATION_MIN_MS, m.durationRange)
    .max(DURATION_MAX_MS, m.durationRange)
    .multipleOf(1000, m.durationRange);

/** POST /api/notifications (operators) and the /admin/notifications form. `sender` is accepted and ignored. */
export const notificationSendSchema = deferred(() =>
  z.object({
    type: typeSchema().default('info'),
    title: z
      .string({ error: m.titleAndMessageRequired })
      .trim()
      .min(1, m.titleAndMessageRequired)
      .max(TITLE_MAX, m.titleTooLong(TITLE_MAX)),
    message: z
      .string({ error: m.titleAndMessageRequired })
      .trim()
      .min(1, m.titleAndMessageRequired)
      .max(MESSAGE_MAX, m.messageTooLong(MESSAGE_MAX)),
    recipientId: recipientsSchema(),
    auto_close: z.boolean().default(true),
    duration: durationSchema().default(DURATION_DEFAULT_MS),
    priority: z.enum(NOTIFICATION_PRIORITIES).default('normal'),
    sender: z.string().max(50).optional(),
  }),
);
export type NotificationSendInput = z.input<typeof notificationSendSchema>;
export type NotificationSendBody = z.output<typeof notificationSendSchema>;

/** POST /api/notifications/test: one notification to the caller (the /notification-test generator). */
export const notificationTestSchema = deferred(() =>
  z.object({
    type: typeSchema().optional(),
    title: z.string().trim().min(1, m.titleAndMessageRequired).max(TITLE_MAX, m.titleTooLong(TITLE_MAX)).optional(),
    message: z
      .string()
      .trim()
      .min(1, m.titleAndMessageRequired)
      .max(MESSAGE_MAX, m.messageTooLong(MESSAGE_MAX))
      .optional(),
    priority: z.enum(NOTIFICATION_PRIORITIES).optional(),
  }),
);
export type NotificationTestBody = z.output<typeof notificationTestSchema>;

const booleanParam = () => z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/notifications. */
export const notificationListQuerySchema = deferred(() =>
  z.object({
    isRead: booleanParam().optional(),
    type: typeSchema().optional(),
    limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_MAX).default(NOTIFICATION_LIST_DEFAULT),
    cursor: z.string().max(500).optional(),
  }),
);
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const notificationIdPathSchema = deferred(() => z.object({ id: z.string().trim().min(1).max(100) }));

const dayParam = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), m.dateInvalid);

/** GET /api/notifications/all (operators): the send history. Dates are KST calendar days, inclusive. */
export const notificationHistoryQuerySchema = deferred(() =>
  z.object({
    sender: z.enum(NOTIFICATION_SENDERS).optional(),
    type: typeSchema().optional(),
    fromDate: dayParam().optional(),
    toDate: dayParam().optional(),
    page: z.coerce.number().int().min(1).max(100000).default(1),
    limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
  }),
);
export type NotificationHistoryQuery = z.output<typeof notificationHistoryQuerySchema>;

export { userIdSchema as notificationUserIdSchema };
