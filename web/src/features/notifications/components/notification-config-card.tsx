import { useId } from 'react';
import { notificationMessages } from '#shared/messages/notifications';
import { Card } from '@/components/ui/card';
import { useNotificationConfig } from '../hooks/use-notification-config';
import {
  animationLabels,
  positionLabels,
  toastAnimations,
  toastPositions,
  type ToastAnimation,
  type ToastPosition,
} from '../utils/notification-config';
import { playNotificationSound } from '../utils/notification-sound';
import styles from './notifications.module.css';

/** The locally stored notification config, saved on every change. */
export function NotificationConfigCard() {
  const [config, update, { reset, operatorDuration }] = useNotificationConfig();
  // The operator's default is always offered (it may be any 1~30 s), marked as the default.
  const durations = [
    ...new Set([3000, 5000, 7000, 10000, 15000, 30000, operatorDuration, config.defaultDuration]),
  ].sort((a, b) => a - b);
  const id = useId();
  const field = (name: string) => `${id}-${name}`;

  return (
    <Card title="알림 설정" description={notificationMessages.configScope}>
      <div className={styles.configChecks}>
        <label className={styles.check}>
          <input type="checkbox" checked={config.enabled} onChange={(e) => update({ enabled: e.target.checked })} />
          알림 팝업 표시
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={config.sound} onChange={(e) => update({ sound: e.target.checked })} />
          알림음
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={config.defaultAutoClose}
            onChange={(e) => update({ defaultAutoClose: e.target.checked })}
          />
          자동 닫기 (정보·성공 알림)
        </label>
      </div>
      <div className={styles.configGrid}>
        <div className={styles.configField}>
          <label htmlFor={field('position')}>표시 위치</label>
          <select
            id={field('position')}
            value={config.position}
            onChange={(e) => update({ position: e.target.value as ToastPosition })}
          >
            {toastPositions.map((p) => (
              <option key={p} value={p}>
                {positionLabels[p]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.configField}>
          <label htmlFor={field('animation')}>애니메이션</label>
          <select
            id={field('animation')}
            value={config.animation}
            onChange={(e) => update({ animation: e.target.value as ToastAnimation })}
          >
            {toastAnimations.map((a) => (
              <option key={a} value={a}>
                {animationLabels[a]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.configField}>
          <label htmlFor={field('duration')}>표시 시간</label>
          <select
            id={field('duration')}
            value={config.defaultDuration}
            onChange={(e) => update({ defaultDuration: Number(e.target.value) })}
          >
            {durations.map((ms) => (
              <option key={ms} value={ms}>
                {ms / 1000}초{ms === operatorDuration ? ` (${notificationMessages.configDefault})` : ''}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.configField}>
          <label htmlFor={field('max')}>동시에 표시할 알림 수</label>
          <select
            id={field('max')}
            value={config.maxVisible}
            onChange={(e) => update({ maxVisible: Number(e.target.value) })}
          >
            {[1, 2, 3, 4, 5].map((n) => (
              <option key={n} value={n}>
                {n}개
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.configButtons}>
        <button type="button" className={styles.linkButton} onClick={() => playNotificationSound()}>
          알림음 들어보기
        </button>
        <button type="button" className={styles.linkButton} onClick={reset}>
          기본값으로
        </button>
      </div>
    </Card>
  );
}
