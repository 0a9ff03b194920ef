import { slotAdminMessages } from '#shared/messages/slot-admin';
import type { SlotDto, SlotLogDto } from '#shared/schemas/slots';
import { ErrorBox } from '@/components/ui/alert';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useRoute } from '@/lib/route-data';
import styles from './admin-slots.module.css';

const changeTypeLabels: Record<SlotLogDto['change_type'], string> = {
  field_update: '필드 수정',
  status_change: '상태 변경',
  fill_empty: '빈 슬롯 입력',
  approve: '승인',
  reject: '거절',
  refund: '환불',
};

function LogLine({ line }: { line: SlotLogDto }) {
  const change =
    line.field_key && (line.old_value !== null || line.new_value !== null)
      ? `${line.field_key}: ${line.old_value ?? '-'} → ${line.new_value ?? '-'}`
      : null;
  return (
    <li className={styles.logLine}>
      <div>
        <strong>{changeTypeLabels[line.change_type] ?? line.change_type}</strong> · {line.description}
      </div>
      {change && <div className={styles.muted}>{change}</div>}
      <div className={styles.muted}>
        {formatDateTime(line.created_at)} · {line.full_name}
        {line.ip_address && ` · IP ${line.ip_address}`}
      </div>
      {line.user_agent && <div className={styles.muted}>{line.user_agent}</div>}
    </li>
  );
}

/** 변경 이력: every line with who, when, why and from where (operators see IP and browser). */
export function SlotLogModal({ slot, onClose }: { slot: SlotDto; onClose: () => void }) {
  const logs = useRoute('GET /api/slots/{id}/logs', { path: { id: slot.id } });
  return (
    <Modal open onClose={onClose} title={`슬롯 #${slot.slot_number} 변경 이력`} size="lg">
      {logs.error ? (
        <ErrorBox message={slotAdminMessages.logsFailed} />
      ) : !logs.data ? (
        <LoadingBlock />
      ) : logs.data.length === 0 ? (
        <p className={styles.muted}>{slotAdminMessages.noLogs}</p>
      ) : (
        <ul className={styles.log}>
          {logs.data.map((line) => (
            <LogLine key={line.id} line={line} />
          ))}
        </ul>
      )}
    </Modal>
  );
}
