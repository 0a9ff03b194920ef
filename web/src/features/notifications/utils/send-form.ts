import { DURATION_DEFAULT_MS, type NotificationPriority, type NotificationType } from '#shared/notification-constants';
import type { NotificationSendBody, notificationSendSchema } from '#shared/schemas/notifications';

/** A recipient the operator picked (kept with its name so the chips survive a new search). */
export interface PickedUser {
  id: string;
  email: string;
  fullName: string;
}

export type RecipientMode = 'all' | 'selected';

/** What the send form's inputs hold; the duration is typed in seconds (1–30), sent in ms. */
export interface SendFormValues {
  type: NotificationType;
  mode: RecipientMode;
  recipients: PickedUser[];
  title: string;
  message: string;
  priority: NotificationPriority;
  autoClose: boolean;
  durationSeconds: string;
}

export const initialSendValues = (): SendFormValues => ({
  type: 'info',
  mode: 'all',
  recipients: [],
  title: '',
  message: '',
  priority: 'normal',
  autoClose: true,
  durationSeconds: String(DURATION_DEFAULT_MS / 1000),
});

type SendFormField = 'title' | 'message' | 'recipients' | 'duration' | 'form';
export type SendFormErrors = Partial<Record<SendFormField, string>>;

/** The request body before parsing: exactly what the server will be sent. */
function toSendInput(values: SendFormValues) {
  const seconds = values.durationSeconds.trim();
  return {
    type: values.type,
    title: values.title,
    message: values.message,
    recipientId: values.mode === 'all' ? 'all' : values.recipients.map((u) => u.id),
    auto_close: values.autoClose,
    // Without auto-close the duration input is disabled and the server's default applies.
    duration: values.autoClose ? (seconds === '' ? Number.NaN : Number(seconds) * 1000) : undefined,
    priority: values.priority,
  };
}

const fieldOf: Record<string, SendFormField> = {
  title: 'title',
  message: 'message',
  recipientId: 'recipients',
  duration: 'duration',
};

/**
 * Parses with the server's own schema, so the form says what a 400 would:
 * '제목과 내용을 입력해주세요.', '알림을 받을 사용자를 선택해주세요.', the duration range.
 */
export function validateSendForm(
  values: SendFormValues,
  schema: typeof notificationSendSchema,
): { body: NotificationSendBody; errors?: undefined } | { body?: undefined; errors: SendFormErrors } {
  const parsed = schema.safeParse(toSendInput(values));
  if (parsed.success) return { body: parsed.data };
  const errors: SendFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf[String(issue.path[0])] ?? 'form';
    errors[field] ??= issue.message;
  }
  // One '제목과 내용을 입력해주세요.' is enough when both are blank.
  if (errors.message && errors.message === errors.title) delete errors.message;
  return { errors };
}

/** Send stays disabled without a title and a message (blank-only text is left to the schema's message). */
export const canSend = (values: SendFormValues) => values.title !== '' && values.message !== '';
