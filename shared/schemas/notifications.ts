import { deferred, transformIssue, z } from '../zod';
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
 * Notifications: each user's inbox, pushed over the socket, and the operator's send. The operator's send
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

/** What a user receives (snake_case, as API clients know it). */
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
 * WebSocket pushes: `{type, data}`. A `new_notification` carries the recipient's new
 * unread count in the same post (`unread`: one post per socket, not two); `unread_count` alone
 * follows a read, a delete or a mark-all.
 */
export type NotificationPush =
  | { type: 'new_notification'; data: NotificationDto; unread?: UnreadCountResult }
  | { type: 'unread_count'; data: UnreadCountResult }
  | { type: 'pong'; data: { at: string } };

const typeSchema = () => z.enum(NOTIFICATION_TYPES, { error: m.typeInvalid });

/**
 * `recipientId`: 'all', one user id or a list of them. Parsed to 'all' or a de-duplicated list of ids,
 * so the server and the form see one shape.
 */
const recipientsSchema = () =>
  z.pipe(
    z.union([z.string(), z.array(z.string())], { error: m.recipientsRequired }),
    z.transform((value, ctx): 'all' | string[] => {
      if (typeof value === 'string' && value.trim() === 'all') return 'all';
      const ids = [...new Set((Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter(Boolean))];
      if (ids.length === 0) {
        return transformIssue(ctx, m.recipientsRequired);
      }
      if (ids.length > MAX_RECIPIENTS) {
        return transformIssue(ctx, m.tooManyRecipients(MAX_RECIPIENTS));
      }
      if (ids.some((id) => id.length > 100 || id === 'all')) {
        return transformIssue(ctx, m.recipientNotUser);
      }
      return ids;
    }),
  );

const durationSchema = () =>
  z
    .number({ error: m.durationRange })
    .check(
      z.int(m.durationRange),
      z.gte(DURATION_MIN_MS, m.durationRange),
      z.lte(DURATION_MAX_MS, m.durationRange),
      z.multipleOf(1000, m.durationRange),
    );

/** POST /api/notifications (operators) and the /admin/notifications form. `sender` is accepted and ignored. */
export const notificationSendSchema = deferred(() =>
  z.object({
    type: z._default(typeSchema(), 'info'),
    title: z
      .string({ error: m.titleAndMessageRequired })
      .check(z.trim(), z.minLength(1, m.titleAndMessageRequired), z.maxLength(TITLE_MAX, m.titleTooLong(TITLE_MAX))),
    message: z
      .string({ error: m.titleAndMessageRequired })
      .check(
        z.trim(),
        z.minLength(1, m.titleAndMessageRequired),
        z.maxLength(MESSAGE_MAX, m.messageTooLong(MESSAGE_MAX)),
      ),
    recipientId: recipientsSchema(),
    auto_close: z._default(z.boolean(), true),
    duration: z._default(durationSchema(), DURATION_DEFAULT_MS),
    priority: z._default(z.enum(NOTIFICATION_PRIORITIES), 'normal'),
    sender: z.optional(z.string().check(z.maxLength(50))),
  }),
);
export type NotificationSendBody = z.output<typeof notificationSendSchema>;

/** POST /api/notifications/test: one notification to the caller (the /notification-test generator). */
export const notificationTestSchema = deferred(() =>
  z.object({
    type: z.optional(typeSchema()),
    title: z.optional(
      z
        .string()
        .check(z.trim(), z.minLength(1, m.titleAndMessageRequired), z.maxLength(TITLE_MAX, m.titleTooLong(TITLE_MAX))),
    ),
    message: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, m.titleAndMessageRequired),
          z.maxLength(MESSAGE_MAX, m.messageTooLong(MESSAGE_MAX)),
        ),
    ),
    priority: z.optional(z.enum(NOTIFICATION_PRIORITIES)),
  }),
);
export type NotificationTestBody = z.output<typeof notificationTestSchema>;

const booleanParam = () =>
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((v) => v === 'true'),
  );

/** GET /api/notifications. */
export const notificationListQuerySchema = deferred(() =>
  z.object({
    isRead: z.optional(booleanParam()),
    type: z.optional(typeSchema()),
    limit: z._default(
      z.coerce.number().check(z.int(), z.gte(1), z.lte(NOTIFICATION_LIST_MAX)),
      NOTIFICATION_LIST_DEFAULT,
    ),
    cursor: z.optional(z.string().check(z.maxLength(500))),
  }),
);
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const notificationIdPathSchema = deferred(() =>
  z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
);

const dayParam = () =>
  z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid),
    z.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), m.dateInvalid),
  );

/** GET /api/notifications/all (operators): the send history. Dates are KST calendar days, inclusive. */
export const notificationHistoryQuerySchema = deferred(() =>
  z.object({
    sender: z.optional(z.enum(NOTIFICATION_SENDERS)),
    type: z.optional(typeSchema()),
    fromDate: z.optional(dayParam()),
    toDate: z.optional(dayParam()),
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000)), 1),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(HISTORY_PAGE_MAX)), HISTORY_PAGE_DEFAULT),
  }),
);
export type NotificationHistoryQuery = z.output<typeof notificationHistoryQuerySchema>;
