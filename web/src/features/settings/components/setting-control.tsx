import { useId, type ReactNode } from 'react';
import { settingLabels, settingValueLabels } from '#shared/messages/settings-page';
import { settingDefinitions, type SettingKey } from '#shared/settings';
import styles from './settings.module.css';

/** Options of an enum setting, read from its shared zod schema (one list for server and page). */
function enumOptions(key: SettingKey): string[] | null {
  const schema = settingDefinitions[key].schema as { options?: unknown };
  return Array.isArray(schema.options) ? (schema.options as string[]) : null;
}

interface SettingControlProps {
  settingKey: SettingKey;
  value: unknown;
  error?: string;
  hint?: string;
  onChange: (value: unknown) => void;
}

/** The input a setting needs, chosen from its definition: switch, select, number or text. */
export function SettingControl({ settingKey, value, error, hint, onChange }: SettingControlProps) {
  const id = useId();
  const label = settingLabels[settingKey] ?? settingKey;
  const fallback = settingDefinitions[settingKey].default;
  const messageId = `${id}-message`;
  const message = error ?? hint;
  const described = message ? messageId : undefined;
  const options = enumOptions(settingKey);

  let control: ReactNode;
  if (typeof fallback === 'boolean') {
    return (
      <div className={styles.switchRow}>
        <span className={styles.switchLabel}>
          <label htmlFor={id}>{label}</label>
          {hint && (
            <span id={messageId} className={styles.hint}>
              {hint}
            </span>
          )}
        </span>
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-describedby={hint ? messageId : undefined}
          className={styles.switch}
          checked={value === true || value === 'true'}
          onChange={(e) => onChange(e.target.checked)}
        />
      </div>
    );
  }
  if (options) {
    control = (
      <select
        id={id}
        className={styles.input}
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={described}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {settingValueLabels[o] ?? o}
          </option>
        ))}
      </select>
    );
  } else {
    const numeric = typeof fallback === 'number';
    control = (
      <input
        id={id}
        className={styles.input}
        type={numeric ? 'number' : settingKey === 'logoUrl' ? 'url' : 'text'}
        inputMode={numeric ? 'numeric' : undefined}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
    );
  }
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {control}
      {message && (
        <p id={messageId} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
          {message}
        </p>
      )}
    </div>
  );
}
