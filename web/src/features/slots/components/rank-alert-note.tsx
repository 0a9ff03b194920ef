import { rankAlertEventText } from '#shared/rank-alerts';
import type { SlotDto } from '#shared/schemas/slots';
import { Icon } from '@/components/ui/icon';
import { formatDateTime } from '@/lib/format';
import styles from './rank-alert.module.css';

/**
 * The rank alert on a slot's row or card: the latest alert that fired as a badge ('순위 12 → 25'
 * with its KST time), otherwise a bell (filled in when an alert is set). Either opens the 순위 알림 dialog.
 */
export function RankAlertNote({
  slot,
  onOpen,
}: {
  slot: Pick<SlotDto, 'slot_number' | 'rank_alert' | 'rank_alert_last'>;
  onOpen: () => void;
}) {
  const last = slot.rank_alert_last;
  if (last) {
    const text = rankAlertEventText(last);
    const at = formatDateTime(last.at).slice(5);
    return (
      <button
        type="button"
        className={styles.badge}
        onClick={onOpen}
        title="순위 알림 설정"
        aria-label={`최근 순위 알림: ${text} (${at}), 순위 알림 설정`}
      >
        <Icon name="bell" size={11} />
        <span>{text}</span>
        <span className={styles.badgeTime}>{at}</span>
      </button>
    );
  }
  const set = !!slot.rank_alert;
  return (
    <button
      type="button"
      className={styles.bellOnly}
      onClick={onOpen}
      aria-pressed={set}
      title={set ? '순위 알림 설정됨' : '순위 알림 설정'}
      aria-label={`슬롯 #${slot.slot_number} ${set ? '순위 알림 설정됨' : '순위 알림 설정'}`}
    >
      <Icon name="bell" size={14} />
    </button>
  );
}
