import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { fieldValueOf, type FieldConfig } from '#shared/field-configs';
import { KEYWORD_FIELD, URL_FIELD } from '#shared/slot-fields';
import { TextField } from '@/components/ui/text-field';
import type { SlotFieldsForm } from '@/lib/slots/slot-form-schema';
import styles from './slot-forms.module.css';

/**
 * The inputs of a slot form, generated from the configured fields (spec §2: enabled fields only,
 * typed by field_type; the url_* system fields never appear).
 */
export function SlotFieldInputs({
  fields,
  register,
  errors,
  requireCore = true,
}: {
  fields: readonly FieldConfig[];
  register: UseFormRegister<SlotFieldsForm>;
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
