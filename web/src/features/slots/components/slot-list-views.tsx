import { memo } from 'react';
import type { FieldConfig } from '#shared/field-configs';
import type { SlotDto } from '#shared/schemas/slots';
import { inlineEditTexts, slotActionTexts, slotStatusMessages } from '#shared/messages/slots';
import { extensionMessages } from '#shared/messages/slot-allocations';
import { isPausable, slotActions } from '#shared/slot-status';
import { Button } from '@/components/ui/button';
import { displayFieldValue } from '@/lib/slots/field-values';
import { fieldValue, productName } from '@/lib/slots/slot-display';
import {
  DDay,
  EndDate,
  ExtendedBadge,
  PauseSwitch,
  RankValue,
  StatusBadge,
  Thumbnail,
} from '@/components/slots/slot-cells';
import { RankResetConfirm } from '@/components/slots/rank-reset-confirm';
import { Icon } from '@/components/ui/icon';
import { useProgressiveList } from '@/hooks/use-progressive-list';
import { isSelectable } from '../utils/selection';
import { useInlineRowEdit, type InlineRowEdit } from '../hooks/use-inline-row-edit';
import { RankAlertNote } from './rank-alert-note';
import { SlotMetrics } from './slot-metrics';
import tableStyles from '@/components/ui/data-table.module.css';
import styles from './slot-list-views.module.css';

export interface SlotListViewProps {
  slots: SlotDto[];
  listFields: FieldConfig[];
  today: string;
  /** Row numbers continue across pages. */
  offset: number;
  selected: ReadonlyMap<string, SlotDto>;
  onToggleSelect: (slot: SlotDto) => void;
  onToggleAll: (checked: boolean) => void;
  onTogglePause: (slot: SlotDto) => void;
  onEdit: (slot: SlotDto) => void;
  /** A finished slot's delete (after the confirmation). */
  onDelete: (slot: SlotDto) => void;
  onRankHistory: (slot: SlotDto) => void;
  onRankAlert: (slot: SlotDto) => void;
  /** 연장 내역 of an issued slot (pre-allocation: only issued slots are ever extended). */
  onExtensionHistory: (slot: SlotDto) => void;
  busyIds: ReadonlySet<string>;
}

/** Ranks are measured only for slots that run (or ran): not for empty, pending, rejected or refunded ones. */
const rankTracked = (slot: SlotDto) => !['empty', 'pending', 'rejected', 'refunded', 'deleted'].includes(slot.status);

function FieldText({ slot, field }: { slot: SlotDto; field: FieldConfig }) {
  const value = displayFieldValue(field, fieldValue(slot, field.field_key));
  if (!value) return <span className={styles.muted}>-</span>;
  if (field.field_type === 'url' && /^https?:\/\//i.test(value)) {
    return (
      <a className={styles.url} href={value} target="_blank" rel="noopener noreferrer" title={value}>
        {value.replace(/^https?:\/\/(www\.)?/i, '')}
      </a>
    );
  }
  return (
    <span className={field.field_key === 'keywords' ? styles.keyword : styles.fieldText} title={value}>
      {value}
    </span>
  );
}

/** The status column: pause switch for running slots, the approval or rejection note otherwise. */
function StatusCell({
  slot,
  today,
  busy,
  onTogglePause,
}: {
  slot: SlotDto;
  today: string;
  busy: boolean;
  onTogglePause: (s: SlotDto) => void;
}) {
  const actions = slotActions(slot, 'owner', today);
  return (
    <div className={styles.status}>
      <StatusBadge slot={slot} />
      {(actions.pause || actions.resume) && (
        <PauseSwitch
          active={isPausable(slot.status)}
          disabled={busy}
          onToggle={() => onTogglePause(slot)}
          label={`슬롯 #${slot.slot_number} ${isPausable(slot.status) ? '일시정지' : '재개'}`}
        />
      )}
      {slot.status === 'pending' && <span className={styles.note}>관리자 승인 대기</span>}
      {slot.status === 'paused' && !actions.resume && slot.paused_by_staff && (
        <span className={styles.note} title={slotStatusMessages.resumeStaffHeld}>
          {slotStatusMessages.pausedByStaffNote}
        </span>
      )}
      {slot.status === 'rejected' && slot.rejection_reason && (
        <span className={styles.reason} title={slot.rejection_reason}>
          사유: {slot.rejection_reason}
        </span>
      )}
    </div>
  );
}

/** One list field of the row being edited: Enter saves, Esc cancels; '필수 입력' when a required one is empty. */
function InlineFieldInput({
  field,
  slotNumber,
  inline,
}: {
  field: FieldConfig;
  slotNumber: number;
  inline: InlineRowEdit;
}) {
  const missing = inline.missing.has(field.field_key);
  return (
    <div className={styles.inlineField}>
      <input
        className={styles.inlineInput}
        aria-label={`슬롯 #${slotNumber} ${field.label}`}
        aria-invalid={missing || undefined}
        value={inline.values[field.field_key] ?? ''}
        disabled={inline.busy}
        onChange={(e) => inline.change(field.field_key, e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void inline.save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            inline.cancel();
          }
        }}
      />
      {missing && <span className={styles.inlineError}>{inlineEditTexts.required}</span>}
    </div>
  );
}

function InlineRowActions({ inline }: { inline: InlineRowEdit }) {
  return (
    <div className={styles.inlineActions}>
      <Button size="sm" onClick={() => void inline.save()} loading={inline.busy} loadingText="저장 중...">
        {inlineEditTexts.save}
      </Button>
      <Button size="sm" variant="secondary" onClick={inline.cancel} disabled={inline.busy}>
        {inlineEditTexts.cancel}
      </Button>
      {inline.error && (
        <p role="alert" className={styles.inlineRowError}>
          {inline.error}
        </p>
      )}
      <span className={styles.inlineHelp}>{inlineEditTexts.help}</span>
    </div>
  );
}

/** '연장 내역' under an issued slot's dates (only issued slots are ever extended). */
/** The rank, its latest alert and the day's impressions and clicks: the table's rank column and a card's rank. */
function RankCell({
  slot,
  onRankHistory,
  onRankAlert,
}: {
  slot: SlotDto;
  onRankHistory: (slot: SlotDto) => void;
  onRankAlert: (slot: SlotDto) => void;
}) {
  return (
    <div className={styles.rankCell}>
      <RankValue
        rank={slot.rank}
        yesterdayRank={slot.yesterday_rank}
        measuredAt={slot.rank_measured_at}
        onOpenHistory={() => onRankHistory(slot)}
      />
      <RankAlertNote slot={slot} onOpen={() => onRankAlert(slot)} />
      <SlotMetrics impressions={slot.impressions} clicks={slot.clicks} />
    </div>
  );
}

function ExtensionLink({ slot, onOpen }: { slot: SlotDto; onOpen: (s: SlotDto) => void }) {
  if (!slot.allocation_id) return null;
  return (
    <button
      type="button"
      className={styles.linkButton}
      onClick={() => onOpen(slot)}
      aria-label={`슬롯 #${slot.slot_number} ${extensionMessages.historyButton}`}
    >
      {extensionMessages.historyButton}
    </button>
  );
}

function ActionButton({
  slot,
  today,
  onEdit,
  onDelete,
}: {
  slot: SlotDto;
  today: string;
  onEdit: (s: SlotDto) => void;
  onDelete: (s: SlotDto) => void;
}) {
  const actions = slotActions(slot, 'owner', today);
  if (actions.fill)
    return (
      <Button size="sm" onClick={() => onEdit(slot)}>
        등록
      </Button>
    );
  if (actions.edit)
    return (
      <Button size="sm" variant="secondary" onClick={() => onEdit(slot)} aria-label={`슬롯 #${slot.slot_number} 수정`}>
        <Icon name="edit" size={14} />
        수정
      </Button>
    );
  // Finished (rejected, expired, completed): the way out of the list.
  if (actions.delete)
    return (
      <Button
        size="sm"
        variant="ghost"
        onClick={() => onDelete(slot)}
        aria-label={`슬롯 #${slot.slot_number} ${slotActionTexts.deleteLabel}`}
      >
        {slotActionTexts.deleteLabel}
      </Button>
    );
  return <span className={styles.muted}>-</span>;
}

export function SlotTable(props: SlotListViewProps) {
  const {
    slots,
    listFields,
    today,
    offset,
    selected,
    onToggleSelect,
    onToggleAll,
    onTogglePause,
    onEdit,
    onDelete,
    onRankHistory,
    onRankAlert,
    onExtensionHistory,
    busyIds,
  } = props;
  const selectable = slots.filter((s) => isSelectable(s, today));
  const allChecked = selectable.length > 0 && selectable.every((s) => selected.has(s.id));
  const inline = useInlineRowEdit(listFields);
  const rows = useProgressiveList(slots);
  return (
    <div className={tableStyles.tableWrap}>
      {inline.editingId && (
        <RankResetConfirm
          slotId={inline.editingId}
          open={inline.confirming}
          saving={inline.busy}
          onConfirm={() => void inline.save(true)}
          onCancel={inline.dismissConfirm}
        />
      )}
      <table className={`${tableStyles.table} ${styles.table}`}>
        <thead>
          <tr>
            <th className={styles.checkCol}>
              <input
                type="checkbox"
                aria-label="이 페이지의 선택 가능한 슬롯 모두 선택"
                checked={allChecked}
                disabled={selectable.length === 0}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
            </th>
            <th className={styles.numCol}>번호</th>
            <th className={styles.thumbCol}>이미지</th>
            {listFields.map((f) => (
              <th key={f.field_key}>{f.label}</th>
            ))}
            <th>상품명</th>
            <th>현재 순위</th>
            <th>시작일</th>
            <th>종료일</th>
            <th>상태</th>
            <th className={styles.actionCol}>관리</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((slot, i) => {
            const canSelect = isSelectable(slot, today);
            return (
              <tr
                key={slot.id}
                className={selected.has(slot.id) ? styles.selectedRow : undefined}
                data-slot-number={slot.slot_number}
              >
                <td className={styles.checkCol}>
                  <input
                    type="checkbox"
                    aria-label={`슬롯 #${slot.slot_number} 선택`}
                    checked={selected.has(slot.id)}
                    disabled={!canSelect}
                    title={
                      canSelect ? undefined : '입력대기·진행중 슬롯이나 거절·만료·완료된 슬롯만 선택할 수 있습니다'
                    }
                    onChange={() => onToggleSelect(slot)}
                  />
                </td>
                <td className={styles.numCol}>
                  <div className={styles.num}>
                    <span>{offset + i + 1}</span>
                    <span className={styles.slotNo}>#{slot.slot_number}</span>
                    {(slot.parent_slot_id || slot.is_extended) && <ExtendedBadge />}
                  </div>
                </td>
                <td className={styles.thumbCol}>
                  <Thumbnail slot={slot} />
                </td>
                {listFields.map((f) => (
                  <td key={f.field_key} className={f.field_type === 'url' ? styles.urlCell : undefined}>
                    {inline.editingId === slot.id ? (
                      <InlineFieldInput field={f} slotNumber={slot.slot_number} inline={inline} />
                    ) : (
                      <FieldText slot={slot} field={f} />
                    )}
                  </td>
                ))}
                <td className={styles.productCell}>{productName(slot) || <span className={styles.muted}>-</span>}</td>
                <td>
                  {!rankTracked(slot) ? (
                    <span className={styles.muted}>-</span>
                  ) : (
                    <RankCell slot={slot} onRankHistory={onRankHistory} onRankAlert={onRankAlert} />
                  )}
                </td>
                <td className={styles.date}>{slot.startDate ?? <span className={styles.muted}>-</span>}</td>
                <td>
                  <EndDate endDate={slot.endDate} today={today} />
                  <ExtensionLink slot={slot} onOpen={onExtensionHistory} />
                </td>
                <td>
                  <StatusCell slot={slot} today={today} busy={busyIds.has(slot.id)} onTogglePause={onTogglePause} />
                </td>
                <td className={styles.actionCol}>
                  {inline.editingId === slot.id ? (
                    <InlineRowActions inline={inline} />
                  ) : (
                    <>
                      <ActionButton slot={slot} today={today} onEdit={onEdit} onDelete={onDelete} />
                      {listFields.length > 0 && slotActions(slot, 'owner', today).edit && !slot.is_empty && (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => inline.start(slot)}
                          aria-label={`슬롯 #${slot.slot_number} ${inlineEditTexts.quickEdit}`}
                        >
                          {inlineEditTexts.quickEdit}
                        </Button>
                      )}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type SlotCardProps = Omit<SlotListViewProps, 'slots' | 'offset' | 'selected' | 'onToggleAll' | 'busyIds'> & {
  slot: SlotDto;
  isSelected: boolean;
  busy: boolean;
};

/**
 * One slot as a card. Memoized: the list adds its cards a few at a time, and the cards already shown
 * need not render again at each step.
 */
const SlotCard = memo(function SlotCard({
  slot,
  listFields,
  today,
  isSelected,
  busy,
  onToggleSelect,
  onTogglePause,
  onEdit,
  onDelete,
  onRankHistory,
  onRankAlert,
  onExtensionHistory,
}: SlotCardProps) {
  const canSelect = isSelectable(slot, today);
  return (
    <li className={`${styles.card} ${isSelected ? styles.cardSelected : ''}`} data-slot-number={slot.slot_number}>
      <div className={styles.cardHead}>
        <label className={styles.cardCheck}>
          <input
            type="checkbox"
            aria-label={`슬롯 #${slot.slot_number} 선택`}
            checked={isSelected}
            disabled={!canSelect}
            onChange={() => onToggleSelect(slot)}
          />
          <span className={styles.slotNoStrong}>#{slot.slot_number}</span>
        </label>
        {(slot.parent_slot_id || slot.is_extended) && <ExtendedBadge />}
        <span className={styles.grow} />
        <DDay endDate={slot.endDate} today={today} />
      </div>
      <div className={styles.cardBody}>
        <Thumbnail slot={slot} size={56} />
        <div className={styles.cardInfo}>
          <p className={styles.cardTitle}>{productName(slot) || fieldValue(slot, 'keywords') || '정보 입력 대기'}</p>
          {listFields.map((f) => (
            <p key={f.field_key} className={styles.cardField}>
              <span className={styles.cardLabel}>{f.label}</span>
              <FieldText slot={slot} field={f} />
            </p>
          ))}
        </div>
      </div>
      <div className={styles.cardStats}>
        <div>
          <span className={styles.cardLabel}>현재 순위</span>
          {!rankTracked(slot) ? '-' : <RankCell slot={slot} onRankHistory={onRankHistory} onRankAlert={onRankAlert} />}
        </div>
        <div>
          <span className={styles.cardLabel}>기간</span>
          <span className={styles.date}>
            {slot.startDate ?? '-'} ~ {slot.endDate ?? '-'}
          </span>
          <ExtensionLink slot={slot} onOpen={onExtensionHistory} />
        </div>
      </div>
      <div className={styles.cardFoot}>
        <StatusCell slot={slot} today={today} busy={busy} onTogglePause={onTogglePause} />
        <ActionButton slot={slot} today={today} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
});

export function SlotCards({
  slots,
  selected,
  busyIds,
  offset: _offset,
  onToggleAll: _onToggleAll,
  ...card
}: SlotListViewProps) {
  // A card is a screen's third on a phone: four fill the first screen, and each step adds four.
  const cards = useProgressiveList(slots, 4);
  return (
    <ul className={styles.cards}>
      {cards.map((slot) => (
        <SlotCard key={slot.id} slot={slot} isSelected={selected.has(slot.id)} busy={busyIds.has(slot.id)} {...card} />
      ))}
    </ul>
  );
}
