import { useEffect, useState } from 'react';
import type { FieldConfig } from '#shared/field-configs';
import { fieldTypeLabels, settingsPageMessages as m } from '#shared/messages/settings-page';
import { ErrorBox } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Icon } from '@/components/ui/icon';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { resetFieldConfigs, saveFieldConfigs } from '../api/field-configs';
import { emptyField, isSystemField, moveField, type FieldConfigForm } from '../utils/field-config-form';
import { FieldConfigDialog } from './field-config-dialog';
import tableStyles from '@/components/ui/data-table.module.css';
import styles from './settings.module.css';
import { useFieldConfigs } from '@/lib/slots/get-field-configs';

type Editing = { index: number | null; initial: FieldConfigForm } | null;

/**
 * Field tab: add, edit, remove and reorder the slot registration fields, then save the
 * whole list; reset restores the shipped defaults. System fields (derived from the URL) are locked.
 */
export function FieldConfigsTab() {
  const { data, error, isLoading } = useFieldConfigs();
  const toast = useToast();
  const [fields, setFields] = useState<FieldConfig[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<FieldConfig | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);

  useEffect(() => {
    if (data && !dirty)
      setFields(
        [...data].sort(
          (a, b) => Number(isSystemField(a)) - Number(isSystemField(b)) || a.display_order - b.display_order,
        ),
      );
  }, [data, dirty]);

  if (isLoading && !fields) return <LoadingBlock />;
  if (error && !fields) return <ErrorBox message={errorMessage(error, m.fieldsLoadFailed)} />;
  if (!fields) return null;

  const change = (next: FieldConfig[]) => {
    setFields(next);
    setDirty(true);
  };

  const applyEdit = (values: FieldConfigForm) => {
    if (!editing) return;
    if (editing.index === null) {
      const firstSystem = fields.findIndex(isSystemField);
      const at = firstSystem === -1 ? fields.length : firstSystem;
      const added: FieldConfig = { ...values, is_system_generated: false, display_order: at + 1 };
      change([...fields.slice(0, at), added, ...fields.slice(at)]);
    } else {
      change(fields.map((f, i) => (i === editing.index ? { ...f, ...values, field_key: f.field_key } : f)));
    }
    setEditing(null);
  };

  async function save() {
    if (!fields) return;
    setBusy('save');
    try {
      const saved = await saveFieldConfigs(fields);
      setDirty(false);
      if (Array.isArray(saved)) setFields(saved);
      toast({ tone: 'success', message: m.saved('field') });
    } catch (e) {
      toast({ tone: 'error', message: `${m.saveFailed('field')} ${errorMessage(e, '')}`.trim() });
    } finally {
      setBusy(null);
    }
  }

  async function reset() {
    setBusy('reset');
    try {
      await resetFieldConfigs();
      setDirty(false);
      toast({ tone: 'success', message: m.fieldsReset });
    } catch (e) {
      toast({ tone: 'error', message: `${m.fieldsResetFailed} ${errorMessage(e, '')}`.trim() });
    } finally {
      setBusy(null);
      setConfirmReset(false);
    }
  }

  return (
    <Card
      title="입력 필드 설정"
      description="슬롯 등록·수정 화면과 슬롯 목록이 이 순서와 설정을 따릅니다. 변경 후 저장해야 적용됩니다."
      actions={
        <div className={styles.cardActions}>
          <Button variant="secondary" size="sm" onClick={() => setConfirmReset(true)} disabled={busy !== null}>
            <Icon name="refresh" size={16} />
            기본값으로 초기화
          </Button>
          <Button size="sm" onClick={() => setEditing({ index: null, initial: emptyField() })} disabled={busy !== null}>
            <Icon name="plus" size={16} />
            필드 추가
          </Button>
        </div>
      }
    >
      <div className={tableStyles.tableWrap}>
        <table className={`${tableStyles.table} ${styles.table}`}>
          <thead>
            <tr>
              <th scope="col">순서</th>
              <th scope="col">라벨</th>
              <th scope="col">필드 키</th>
              <th scope="col">형식</th>
              <th scope="col">옵션</th>
              <th scope="col">관리</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f, i) => {
              const locked = isSystemField(f);
              return (
                <tr key={f.field_key} data-testid="field-config-row" className={locked ? styles.lockedRow : undefined}>
                  <td>{i + 1}</td>
                  <td>
                    <span className={styles.fieldLabel}>
                      {locked && <Icon name="lock" size={14} title="시스템 필드" />}
                      {f.label}
                    </span>
                  </td>
                  <td>
                    <code>{f.field_key}</code>
                  </td>
                  <td>{fieldTypeLabels[f.field_type] ?? f.field_type}</td>
                  <td>
                    <span className={styles.badges}>
                      {locked && <Badge>시스템</Badge>}
                      <Badge tone={f.is_enabled ? 'success' : 'neutral'}>{f.is_enabled ? '사용' : '사용 안 함'}</Badge>
                      {f.is_required && <Badge tone="danger">필수</Badge>}
                      {f.show_in_list && <Badge tone="primary">목록</Badge>}
                      {f.is_searchable && <Badge>검색</Badge>}
                    </span>
                  </td>
                  <td>
                    {locked ? (
                      <span className={styles.muted}>URL에서 자동 생성 (변경 불가)</span>
                    ) : (
                      <span className={styles.rowActions}>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`${f.label} 위로 이동`}
                          disabled={i === 0}
                          onClick={() => change(moveField(fields, i, -1))}
                        >
                          ↑
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`${f.label} 아래로 이동`}
                          disabled={i + 1 >= fields.length || isSystemField(fields[i + 1])}
                          onClick={() => change(moveField(fields, i, 1))}
                        >
                          ↓
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`${f.label} 수정`}
                          onClick={() => setEditing({ index: i, initial: { ...f, options: f.options ?? [] } })}
                        >
                          수정
                        </Button>
                        <Button size="sm" variant="ghost" aria-label={`${f.label} 삭제`} onClick={() => setRemoving(f)}>
                          삭제
                        </Button>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className={styles.formActions}>
        {dirty && <span className={styles.muted}>저장하지 않은 변경이 있습니다.</span>}
        <Button variant="secondary" onClick={() => setDirty(false)} disabled={!dirty || busy !== null}>
          변경 취소
        </Button>
        <Button onClick={() => void save()} loading={busy === 'save'} disabled={!dirty || busy === 'reset'}>
          필드 설정 저장
        </Button>
      </div>

      {editing && (
        <FieldConfigDialog
          initial={editing.initial}
          editing={editing.index !== null}
          takenKeys={fields.map((f) => f.field_key)}
          onSubmit={applyEdit}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="필드 삭제"
        message={
          removing
            ? `'${removing.label}' 필드를 목록에서 뺍니다. 저장하면 등록 화면과 슬롯 목록에서 사라집니다.`
            : undefined
        }
        confirmLabel="삭제"
        tone="danger"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) change(fields.filter((f) => f.field_key !== removing.field_key));
          setRemoving(null);
        }}
      />
      <ConfirmDialog
        open={confirmReset}
        title="필드 설정 초기화"
        message="모든 입력 필드를 기본 설정으로 되돌립니다. 추가한 필드는 목록에서 빠집니다. 계속하시겠습니까?"
        confirmLabel="초기화"
        tone="danger"
        loading={busy === 'reset'}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => void reset()}
      />
    </Card>
  );
}
