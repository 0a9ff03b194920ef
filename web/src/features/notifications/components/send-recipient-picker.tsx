import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useRecipientSearch } from '../api/send-recipients';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { PickedUser, RecipientMode } from '../utils/send-form';
import styles from './admin-notifications.module.css';

/** The search box's 500 ms debounce. */
const SEARCH_DEBOUNCE_MS = 500;

interface Props {
  mode: RecipientMode;
  onModeChange: (mode: RecipientMode) => void;
  selected: PickedUser[];
  onSelectedChange: (users: PickedUser[]) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * Recipients: '전체 사용자' or chosen advertisers. The list offers active role-user accounts only
 * (the server refuses anyone else) and is searched on the server (500 ms debounce); choices stay as chips while
 * the search changes.
 */
export function SendRecipientPicker({ mode, onModeChange, selected, onSelectedChange, error, disabled }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, error: loadError, isLoading } = useRecipientSearch(search, mode === 'selected');
  const chosen = new Set(selected.map((u) => u.id));
  const shown = data?.users ?? [];
  const unchosenShown = shown.filter((u) => !chosen.has(u.id));

  const toggle = (user: PickedUser) =>
    onSelectedChange(chosen.has(user.id) ? selected.filter((u) => u.id !== user.id) : [...selected, user]);

  return (
    <fieldset className={styles.fieldset} disabled={disabled} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={styles.label}>받는 사람</legend>
      <div className={styles.segmented}>
        {(
          [
            ['all', '전체 사용자'],
            ['selected', '선택한 사용자'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={styles.segment}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => onModeChange(value)}
            />
            {label}
          </label>
        ))}
      </div>

      {mode === 'all' ? (
        <p className={styles.note}>모든 일반 사용자에게 발송됩니다.</p>
      ) : (
        <div className={styles.picker}>
          {selected.length > 0 && (
            <ul className={styles.chips} aria-label="선택한 사용자">
              {selected.map((u) => (
                <li key={u.id} className={styles.chip}>
                  {u.fullName || u.email || u.id}
                  <button
                    type="button"
                    className={styles.chipRemove}
                    onClick={() => toggle(u)}
                    aria-label={`${u.fullName || u.email} 선택 해제`}
                  >
                    <Icon name="x" size={12} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className={styles.pickerBar}>
            <label className={styles.srOnly} htmlFor={`${id}-search`}>
              사용자 검색
            </label>
            <input
              id={`${id}-search`}
              className={styles.search}
              type="search"
              placeholder="아이디 또는 이름으로 검색"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <span className={styles.note} aria-live="polite">
              {selected.length}명 선택됨
            </span>
            {unchosenShown.length > 0 && (
              <Button size="sm" variant="secondary" onClick={() => onSelectedChange([...selected, ...unchosenShown])}>
                검색 결과 모두 선택
              </Button>
            )}
          </div>
          {loadError ? (
            <p className={styles.errorText}>사용자 목록을 불러오는데 실패했습니다.</p>
          ) : (
            <ul className={styles.userList} aria-label="사용자 목록" aria-busy={isLoading || undefined}>
              {isLoading && !data && <li className={styles.note}>불러오는 중...</li>}
              {data && shown.length === 0 && <li className={styles.note}>검색 결과가 없습니다.</li>}
              {shown.map((u) => (
                <li key={u.id}>
                  <label className={styles.userRow}>
                    <input type="checkbox" checked={chosen.has(u.id)} onChange={() => toggle(u)} />
                    <span>{u.fullName}</span>
                    <span className={styles.muted}>({u.email})</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.errorText} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
