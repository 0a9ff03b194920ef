import { useEffect, useId, useState } from 'react';
import { commonMessages } from '#shared/messages/common';
import { notificationMessages } from '#shared/messages/notifications';
import { MESSAGE_MAX, NOTIFICATION_PRIORITIES, TITLE_MAX } from '#shared/notification-constants';
import type { SendResult } from '#shared/schemas/notifications';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { loadSendSchema, useSendNotification } from '../api/send-notification';
import { notificationTypeLabels, priorityLabels, sendableTypes } from '../utils/admin-notification-labels';
import {
  canSend,
  initialSendValues,
  validateSendForm,
  type PickedUser,
  type SendFormErrors,
  type SendFormValues,
} from '../utils/send-form';
import { SendRecipientPicker } from './send-recipient-picker';
import { SendToastPreview } from './send-toast-preview';
import styles from './admin-notifications.module.css';

const fieldOfValue: Partial<Record<keyof SendFormValues, keyof SendFormErrors>> = {
  title: 'title',
  message: 'message',
  mode: 'recipients',
  recipients: 'recipients',
  autoClose: 'duration',
  durationSeconds: 'duration',
};

interface Props {
  /** After a send went out (the dialog closes itself with this). */
  onSent?: (result: SendResult) => void;
  onCancel?: () => void;
  /** Told when a send starts and ends (a dialog stays open meanwhile). */
  onBusyChange?: (busy: boolean) => void;
  /** Opens with this one user selected (the customer view's action). */
  recipient?: PickedUser;
}

/**
 * The send form of /admin/notifications and of the history page's dialog:
 * type, recipients, title, message, priority, auto-close and its duration in seconds, with a preview.
 */
export function SendNotificationForm({ onSent, onCancel, onBusyChange, recipient }: Props) {
  const id = useId();
  const toast = useToast();
  const { trigger, isMutating, error, reset } = useSendNotification();
  const [values, setValues] = useState<SendFormValues>(() =>
    recipient ? { ...initialSendValues(), mode: 'selected', recipients: [recipient] } : initialSendValues(),
  );
  const [errors, setErrors] = useState<SendFormErrors>({});
  // The first submit waits for the schema's chunk; a second click meanwhile is ignored.
  const [checking, setChecking] = useState(false);
  const busy = isMutating || checking;
  useEffect(() => onBusyChange?.(isMutating), [isMutating, onBusyChange]);

  const set = <K extends keyof SendFormValues>(key: K, value: SendFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // Editing a field clears its message.
    const field = fieldOfValue[key];
    if (field) setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy || !canSend(values)) return;
    let checked: ReturnType<typeof validateSendForm>;
    setChecking(true);
    try {
      checked = validateSendForm(values, await loadSendSchema());
    } catch {
      // The chunk did not load (offline): say so rather than send unchecked.
      setErrors({ form: commonMessages.network });
      return;
    } finally {
      setChecking(false);
    }
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const result = await trigger({ body: checked.body });
      toast({ tone: 'success', message: notificationMessages.sent });
      // Keep type, recipients and timing for a follow-up; the text is per message.
      setValues((v) => ({ ...v, title: '', message: '' }));
      onSent?.(result);
    } catch {
      // The server's text (or the network text) shows in the box above the fields.
    }
  };

  return (
    <form className={styles.sendLayout} noValidate aria-label="알림 발송" onSubmit={(e) => void submit(e)}>
      {/* Nothing can change while a send is in flight (its success clears the text). */}
      <fieldset className={styles.form} disabled={busy}>
        <ErrorBox
          message={error ? errorMessage(error, notificationMessages.sendFailed) : (errors.form ?? null)}
          onDismiss={() => reset()}
        />
        <div className={styles.grid}>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-type`}>
              알림 종류
            </label>
            <select
              id={`${id}-type`}
              className={styles.select}
              value={values.type}
              onChange={(e) => set('type', e.target.value as SendFormValues['type'])}
            >
              {sendableTypes.map((t) => (
                <option key={t} value={t}>
                  {notificationTypeLabels[t]}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-priority`}>
              우선순위
            </label>
            <select
              id={`${id}-priority`}
              className={styles.select}
              value={values.priority}
              onChange={(e) => set('priority', e.target.value as SendFormValues['priority'])}
            >
              {NOTIFICATION_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {priorityLabels[p]}
                </option>
              ))}
            </select>
          </div>
        </div>

        <SendRecipientPicker
          mode={values.mode}
          onModeChange={(mode) => set('mode', mode)}
          selected={values.recipients}
          onSelectedChange={(users) => set('recipients', users)}
          error={errors.recipients}
          disabled={busy}
        />

        <TextField
          label="제목"
          requiredMark
          maxLength={TITLE_MAX}
          value={values.title}
          error={errors.title}
          onChange={(e) => set('title', e.target.value)}
        />
        <div className={styles.field}>
          <div className={styles.labelRow}>
            <label className={styles.label} htmlFor={`${id}-message`}>
              내용
            </label>
            <span className={styles.required} aria-hidden="true">
              *
            </span>
            <span className={styles.counter}>
              {values.message.length}/{MESSAGE_MAX}
            </span>
          </div>
          <textarea
            id={`${id}-message`}
            className={styles.textarea}
            rows={4}
            maxLength={MESSAGE_MAX}
            aria-required
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${id}-message-error` : undefined}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
          />
          {errors.message && (
            <p id={`${id}-message-error`} className={styles.errorText} role="alert">
              {errors.message}
            </p>
          )}
        </div>

        <div className={styles.grid}>
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={values.autoClose}
              onChange={(e) => set('autoClose', e.target.checked)}
            />
            자동으로 닫기
          </label>
          <TextField
            label="표시 시간 (초)"
            type="number"
            inputMode="numeric"
            min={1}
            max={30}
            step={1}
            disabled={!values.autoClose}
            hint="1~30초"
            value={values.durationSeconds}
            error={errors.duration}
            onChange={(e) => set('durationSeconds', e.target.value)}
          />
        </div>

        <div className={styles.actions}>
          {onCancel && (
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              취소
            </Button>
          )}
          <Button type="submit" loading={busy} loadingText="발송 중..." disabled={!canSend(values)}>
            알림 발송
          </Button>
        </div>
      </fieldset>
      <SendToastPreview values={values} />
    </form>
  );
}
