import { Icon, type IconName } from '@/components/ui/icon';
import type { NotificationType } from '#shared/schemas/notifications';
import { notificationTypeLabels } from '../utils/admin-notification-labels';
import type { SendFormValues } from '../utils/send-form';
import styles from './admin-notifications.module.css';

const typeIcons: Record<NotificationType, IconName> = {
  info: 'info',
  success: 'check-circle',
  warning: 'alert-triangle',
  error: 'alert-circle',
  promotion: 'megaphone',
  custom: 'bell',
};

/** Roughly how the advertiser's toast will look: icon, title, message, the auto-close bar, the high-priority ring. */
export function SendToastPreview({ values }: { values: SendFormValues }) {
  const seconds = Number(values.durationSeconds);
  return (
    <section className={styles.preview} aria-label="미리보기">
      <p className={styles.label}>미리보기</p>
      <div
        className={`${styles.previewToast} ${styles[`tone-${values.type}`]}`}
        data-priority={values.priority}
        data-testid="send-preview"
      >
        <Icon name={typeIcons[values.type]} className={styles.previewIcon} />
        <div className={styles.previewBody}>
          <p className={styles.previewTitle}>{values.title.trim() || '알림 제목'}</p>
          <p className={styles.previewMessage}>{values.message.trim() || '알림 내용이 여기에 표시됩니다.'}</p>
          <p className={styles.muted}>
            {notificationTypeLabels[values.type]} ·{' '}
            {values.autoClose
              ? Number.isFinite(seconds) && seconds > 0
                ? `${seconds}초 후 자동으로 닫힘`
                : '자동 닫힘'
              : '직접 닫을 때까지 표시'}
          </p>
        </div>
        {values.autoClose && <span className={styles.previewBar} aria-hidden="true" />}
      </div>
    </section>
  );
}
