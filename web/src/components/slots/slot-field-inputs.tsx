import { useController, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { fieldValueOf, optionsOf, type FieldConfig } from '#shared/field-configs';
import { fieldValueTexts } from '#shared/messages/slots';
import { KEYWORD_FIELD, URL_FIELD } from '#shared/slot-fields';
import { TextField } from '@/components/ui/text-field';
import type { SlotFieldsForm } from '@/lib/slots/slot-form-schema';
import styles from './slot-forms.module.css';

/**
 * The inputs of a slot form, generated from the configured fields (enabled fields only,
 * typed by field_type; the url_* system fields never appear).
 */
export function SlotFieldInputs({
  fields,
  register,
  control,
  errors,
  requireCore = true,
}: {
  fields: readonly FieldConfig[];
  register: UseFormRegister<SlotFieldsForm>;
  control: Control<SlotFieldsForm>;
  errors: FieldErrors<SlotFieldsForm>;
  /** Marks keyword and URL as required (registration and edits of filled slots). */
  requireCore?: boolean;
}) {
  const fieldErrors = errors.customFields as Record<string, { message?: string }> | undefined;
  return (
    <div className={styles.fields}>
      {fields.map((f) => {
        const name = `customFields.${f.field_key}` as const;
        const error = fieldValueOf(fieldErrors, f.field_key)?.message;
        const required = f.is_required || (requireCore && (f.field_key === KEYWORD_FIELD || f.field_key === URL_FIELD));
        const hint =
          f.description ||
          (f.field_key === KEYWORD_FIELD ? '쉼표(,)로 구분해 최대 10개까지 입력할 수 있습니다.' : undefined);
        if (f.field_type === 'select' || f.field_type === 'boolean') {
          const Input = f.field_type === 'select' ? SelectInput : BooleanInput;
          return <Input key={f.field_key} field={f} control={control} required={required} error={error} hint={hint} />;
        }
        if (f.field_type === 'textarea') {
          const id = `slot-field-${f.field_key}`;
          return (
            <div key={f.field_key} className={styles.textareaField}>
              <label htmlFor={id} className={styles.label}>
                {f.label}
                {required && <span className={styles.required}>*</span>}
              </label>
              <textarea
                id={id}
                className={styles.textarea}
                rows={3}
                placeholder={f.placeholder}
                aria-invalid={error ? true : undefined}
                {...register(name)}
              />
              {error ? (
                <p className={styles.error} role="alert">
                  {error}
                </p>
              ) : (
                hint && <p className={styles.hint}>{hint}</p>
              )}
            </div>
          );
        }
        const type = f.field_type === 'email' ? 'email' : f.field_type === 'date' ? 'date' : 'text';
        const inputMode = f.field_type === 'number' ? 'numeric' : f.field_type === 'url' ? 'url' : undefined;
        return (
          <TextField
            key={f.field_key}
            label={f.label}
            type={type}
            inputMode={inputMode}
            placeholder={f.placeholder}
            hint={hint}
            error={error}
            requiredMark={required}
            autoComplete="off"
            {...register(name)}
          />
        );
      })}
    </div>
  );
}

interface ChoiceInputProps {
  field: FieldConfig;
  control: Control<SlotFieldsForm>;
  required: boolean;
  error?: string;
  hint?: string;
}

function Message({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <p id={id} className={styles.error} role="alert">
        {error}
      </p>
    );
  return hint ? (
    <p id={id} className={styles.hint}>
      {hint}
    </p>
  ) : null;
}

/**
 * A select field: its options in the configured order. A stored value that is no longer an option
 * (the options or the type changed since) is shown as it is, marked, so the owner sees what to fix.
 */
function SelectInput({ field: f, control, required, error, hint }: ChoiceInputProps) {
  // The ref apart from the rest: React's hooks lint takes an object holding a `ref` for a ref, and would
  // flag every read of the field's value and handlers during render.
  const {
    field: { ref, ...field },
  } = useController({ control, name: `customFields.${f.field_key}` });
  const id = `slot-field-${f.field_key}`;
  const options = optionsOf(f);
  const value = field.value ?? '';
  const stale = value !== '' && !options.includes(value);
  return (
    <div className={styles.textareaField}>
      <label htmlFor={id} className={styles.label}>
        {f.label}
        {required && <span className={styles.required}>*</span>}
      </label>
      <select
        id={id}
        ref={ref}
        name={field.name}
        className={styles.select}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-message` : undefined}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
      >
        <option value="">{f.placeholder || fieldValueTexts.chooseOption}</option>
        {stale && <option value={value}>{fieldValueTexts.staleOption(value)}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <Message id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}

/** A boolean field: a checkbox storing 'true' / 'false'; a stored value of another kind is flagged by the validation. */
function BooleanInput({ field: f, control, required, error, hint }: ChoiceInputProps) {
  const {
    field: { ref, ...field },
  } = useController({ control, name: `customFields.${f.field_key}` });
  const id = `slot-field-${f.field_key}`;
  return (
    <div className={styles.textareaField}>
      <label htmlFor={id} className={styles.checkboxLabel}>
        <input
          id={id}
          ref={ref}
          name={field.name}
          type="checkbox"
          checked={field.value === 'true'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${id}-message` : undefined}
          onChange={(e) => field.onChange(e.target.checked ? 'true' : 'false')}
          onBlur={field.onBlur}
        />
        {f.label}
        {required && <span className={styles.required}>*</span>}
      </label>
      <Message id={`${id}-message`} error={error} hint={hint} />
    </div>
  );
}
