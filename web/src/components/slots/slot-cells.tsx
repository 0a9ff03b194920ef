import { dDayLabel, endDateTone, rankDelta, rankDisplay, remainingDays } from '#shared/slot-status';
import type { SlotDto } from '#shared/schemas/slots';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { thumbnailUrl } from '@/lib/slots/slot-display';
import { Icon } from '@/components/ui/icon';
import { useAppSettings } from '@/lib/app-settings';
import { rankFreshness, type RankFreshness } from '#shared/rank-freshness';
import { rankFreshnessTexts } from '#shared/messages/rank-freshness';
import styles from './slot-cells.module.css';

/**
 * The small pieces of a slot row's columns: rank with the delta arrow, dates with the
 * D-n warning, the status badge, the thumbnail.
 */
export function RankValue({
  rank,
  yesterdayRank,
  measuredAt,
  onOpenHistory,
}: {
  rank: number | null;
  yesterdayRank: number | null;
  /** When the rank was measured (null: never); left out, the cell shows the rank alone. */
  measuredAt?: string | null;
  onOpenHistory?: () => void;
}) {
  const { rankDelayHours } = useAppSettings();
  const display = rankDisplay(rank);
  const freshness = measuredAt === undefined ? null : rankFreshness(measuredAt, rankDelayHours);
  const delayed = freshness?.kind === 'delayed';
  // A delayed rank is not today's: no arrow against yesterday, and the number reads as old.
  const delta = delayed ? null : rankDelta(rank, yesterdayRank);
  const body = (
    <span className={styles.rank}>
      <span
        className={
          delayed
            ? styles.rankDelayed
            : display.kind === 'rank'
              ? styles.rankValue
              : display.kind === 'measuring'
                ? styles.rankMeasuring
                : styles.rankNone
        }
        title={display.kind === 'notFound' ? display.tooltip : undefined}
      >
        {display.text}
      </span>
      {delta && delta.direction !== 'same' && (
        <span
          className={delta.direction === 'up' ? styles.up : styles.down}
          aria-label={
            delta.direction === 'up' ? `어제보다 ${delta.delta}계단 상승` : `어제보다 ${-delta.delta}계단 하락`
          }
        >
          {delta.direction === 'up' ? '▲' : '▼'}
          {Math.abs(delta.delta)}
        </span>
      )}
      {delta && delta.direction === 'same' && (
        <span className={styles.same} aria-label="어제와 같음">
          -
        </span>
      )}
    </span>
  );
  const value = onOpenHistory ? (
    <button
      type="button"
      className={styles.rankButton}
      onClick={onOpenHistory}
      title="순위 히스토리 보기"
      aria-label={`${display.text}${delta && delta.direction !== 'same' ? ` (${delta.direction === 'up' ? '▲' : '▼'}${Math.abs(delta.delta)})` : ''}${delayed ? `, ${rankFreshnessTexts.delayed}` : ''}, 순위 히스토리 보기`}
    >
      {body}
      <Icon name="chart" size={14} className={styles.rankIcon} />
    </button>
  ) : (
    body
  );
  if (!freshness) return value;
  return (
    <span className={styles.rankCell}>
      {value}
      <MeasuredAt freshness={freshness} />
    </span>
  );
}

/** '3시간 전 측정' (the exact KST time in the tooltip), '측정 지연' before it once too old, '-' when never measured. */
export function MeasuredAt({ freshness }: { freshness: RankFreshness }) {
  return (
    <span className={styles.measured} data-freshness={freshness.kind} title={freshness.title}>
      {freshness.kind === 'delayed' && <span className={styles.delayedBadge}>{rankFreshnessTexts.delayed}</span>}
      <span>{freshness.text}</span>
    </span>
  );
}

const toneClass = { expired: 'expired', red: 'red', orange: 'orange', normal: 'normal' } as const;

/** End date with the inclusive day count: red at 3 days or fewer, orange at 7 or fewer, '만료' once passed. */
export function EndDate({ endDate, today }: { endDate: string | null; today: string }) {
  if (!endDate) return <span className={styles.muted}>-</span>;
  const tone = endDateTone(endDate, today) ?? 'normal';
  const left = remainingDays(endDate, today);
  return (
    <span className={`${styles.endDate} ${styles[toneClass[tone]]}`} data-tone={tone}>
      <span>{endDate}</span>
      <span className={styles.dayCount}>{left !== null && left > 0 ? `${left}일 남음` : '만료'}</span>
    </span>
  );
}

/** The card view's D-n chip. */
export function DDay({ endDate, today }: { endDate: string | null; today: string }) {
  const label = dDayLabel(endDate, today);
  if (!label) return null;
  const tone = endDateTone(endDate, today);
  const badgeTone: BadgeTone =
    tone === 'expired' ? 'neutral' : tone === 'red' ? 'danger' : tone === 'orange' ? 'warning' : 'primary';
  return <Badge tone={badgeTone}>{label}</Badge>;
}

const statusTone: Record<string, BadgeTone> = {
  empty: 'neutral',
  pending: 'warning',
  waiting: 'primary',
  active: 'success',
  paused: 'neutral',
  completed: 'neutral',
  rejected: 'danger',
  refunded: 'neutral',
  expired: 'neutral',
  deleted: 'neutral',
};

export function StatusBadge({ slot }: { slot: Pick<SlotDto, 'displayStatus' | 'displayStatusLabel'> }) {
  return <Badge tone={statusTone[slot.displayStatus] ?? 'neutral'}>{slot.displayStatusLabel}</Badge>;
}

export function ExtendedBadge() {
  return (
    <span className={styles.extended} title="연장된 슬롯입니다">
      연장
    </span>
  );
}

export function Thumbnail({ slot, size = 44 }: { slot: SlotDto; size?: number }) {
  const url = thumbnailUrl(slot);
  if (!url)
    return (
      <span className={styles.thumbEmpty} style={{ width: size, height: size }} aria-hidden="true">
        <Icon name="image" size={Math.round(size / 2.4)} />
      </span>
    );
  return (
    <img
      className={styles.thumb}
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      referrerPolicy="no-referrer"
    />
  );
}

/** On/off switch for pause (off) and resume (on). */
export function PauseSwitch({
  active,
  disabled,
  onToggle,
  label,
}: {
  active: boolean;
  disabled?: boolean;
  onToggle: () => void;
  label: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={active}
      aria-label={label}
      className={`${styles.switch} ${active ? styles.switchOn : ''}`}
      onClick={onToggle}
      disabled={disabled}
    >
      <span className={styles.switchKnob} />
      <span className={styles.switchText}>{active ? '진행' : '정지'}</span>
    </button>
  );
}
