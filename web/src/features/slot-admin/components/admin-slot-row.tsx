import { memo, useState } from 'react';
import { Link } from 'react-router';
import type { FieldConfig } from '#shared/field-configs';
import type { SlotOperationMode } from '#shared/slot-refund';
import { Badge } from '@/components/ui/badge';
import { CellText } from '@/components/ui/cell-text';
import { formatDateTime } from '@/lib/format';
import { adminSlotActions, truncate, type AdminSlot } from '../utils/admin-slot-actions';
import { displayFieldValue } from '@/lib/slots/field-values';
import { fieldValue, thumbnailUrl } from '@/lib/slots/slot-display';
import { AdminSlotRowActions, type AdminSlotModal } from './admin-slot-row-actions';
import { RankValue, StatusBadge } from '@/components/slots/slot-cells';
import tableStyles from '@/components/ui/data-table.module.css';
import styles from './admin-slots.module.css';

/** A product image, gone when it fails to load (no broken-image icon in the row). */
function RowThumbnail({ slot }: { slot: AdminSlot }) {
  const [failed, setFailed] = useState(false);
  const url = thumbnailUrl(slot);
  if (!url || failed) return null;
  return (
    <img
      className={styles.thumb}
      src={url}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

const rankTracked = (slot: AdminSlot) => !['empty', 'pending', 'rejected', 'refunded', 'deleted'].includes(slot.status);

export interface AdminSlotRowProps {
  slot: AdminSlot;
  listFields: FieldConfig[];
  mode: SlotOperationMode;
  today: string;
  onOpen: (slot: AdminSlot, modal: AdminSlotModal) => void;
}

/**
 * One row of the operator list, every column of the operator slot table. Memoized: the table adds
 * its rows a screenful at a time, and the rows already shown need not render again at each step.
 */
export const AdminSlotRow = memo(function AdminSlotRow({ slot, listFields, mode, today, onOpen }: AdminSlotRowProps) {
  const description = fieldValue(slot, 'description');
  return (
    <tr data-slot-id={slot.id}>
      <td className={styles.muted}>{formatDateTime(slot.createdAt)}</td>
      <td>
        <div className={styles.nameLine}>
          <CellText text={slot.user_name} priority="primary">
            <Link to={`/admin/users/${encodeURIComponent(slot.userId)}`}>{slot.user_name || '-'}</Link>
          </CellText>
          {!slot.user_is_active && <Badge tone="danger">비활성</Badge>}
        </div>
        <CellText text={slot.user_email} className={styles.muted} />
      </td>
      <td>
        <RowThumbnail slot={slot} />
      </td>
      {listFields.map((f) => (
        <td key={f.field_key}>
          <CellText
            text={displayFieldValue(f, fieldValue(slot, f.field_key))}
            priority={f.field_type === 'url' ? 'secondary' : 'primary'}
          />
        </td>
      ))}
      <td>
        {rankTracked(slot) ? (
          <RankValue
            rank={slot.rank}
            yesterdayRank={slot.yesterday_rank}
            measuredAt={slot.rank_measured_at}
            onOpenHistory={() => onOpen(slot, 'rank')}
          />
        ) : (
          <span className={styles.muted}>-</span>
        )}
      </td>
      <td className={styles.muted}>
        <CellText text={slot.url_product_id} />
      </td>
      <td>{slot.startDate ?? '-'}</td>
      <td>
        <div>{slot.endDate ?? '-'}</div>
        {description && (
          <div className={styles.muted} title={description}>
            {truncate(description, 10)}
          </div>
        )}
      </td>
      <td>
        <StatusBadge slot={slot} />
      </td>
      <td className={tableStyles.actionsCol}>
        <AdminSlotRowActions
          slotNumber={slot.slot_number}
          actions={adminSlotActions(slot, mode, today)}
          onOpen={(modal) => onOpen(slot, modal)}
        />
      </td>
    </tr>
  );
});
