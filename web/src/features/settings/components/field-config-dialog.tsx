import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { fieldTypeLabels, settingsPageMessages as m } from '#shared/messages/settings-page';
import { coreFieldKeys, fieldTypes, MAX_FIELD_OPTIONS, systemFieldKeys } from '#shared/field-configs';
import type { z } from '#shared/zod';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { fieldConfigFormSchema, moveOption, type FieldConfigForm } from '../utils/field-config-form';
import styles from './settings.module.css';

interface FieldConfigDialogProps {
  /** The field being edited; undefined adds a new one. */
  initial: FieldConfigForm;
  editing: boolean;
  takenKeys: readonly string[];
  onSubmit: (field: FieldConfigForm) => void;
  onClose: () => void;
}

const flags = [
  ['is_enabled', '사용'],
  ['is_required', '필수 입력'],
  ['show_in_list', '목록에 표시'],
  ['is_searchable', '검색 대상'],
] as const;

/** Add or edit one registration field; the key of an existing field cannot change. */
export function FieldConfigDialog({ initial, editing, takenKeys, onSubmit, onClose }: FieldConfigDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<z.input<typeof fieldConfigFormSchema>, unknown, FieldConfigForm>({
    resolver: zodResolver(fieldConfigFormSchema),
    defaultValues: initial,
  });
  const title = editing ? '필드 수정' : '필드 추가';
  // The keyword, URL and URL-derived fields keep their type (the server refuses another): offer only it.
  const typeFixed = editing && ([...coreFieldKeys, ...systemFieldKeys] as string[]).includes(initial.field_key);
  const types = typeFixed ? [initial.field_type] : fieldTypes;
  const fieldType = useWatch({ control, name: 'field_type' });
  const options = useWatch({ control, name: 'options' }) ?? [];
  const setOptions = (next: string[]) => setValue('options', next, { shouldValidate: isSubmitted, shouldDirty: true });
  const optionErrors = errors.options as
    ({ message?: string } & Record<number, { message?: string } | undefined>) | undefined;

  const submit = handleSubmit((values) => {
    if (!editing && takenKeys.includes(values.field_key)) {
      setError('field_key', { message: m.fieldKeyTaken });
      return;
    }
    onSubmit(values);
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            취소
          </Button>
          <Button type="submit" form="field-config-form">
            {editing ? '수정' : '추가'}
          </Button>
        </>
      }
    >
      <form id="field-config-form" className={styles.form} aria-label={title} noValidate onSubmit={submit}>
        <TextField
          label="필드 키"
          requiredMark
          readOnly={editing}
          hint={editing ? '저장된 값의 이름이라 바꿀 수 없습니다.' : '영문으로 시작, 영문·숫자·밑줄'}
          error={errors.field_key?.message}
          {...register('field_key')}
          data-autofocus={editing ? undefined : true}
        />
        <TextField label="라벨" requiredMark error={errors.label?.message} {...register('label')} />
        <div className={styles.field}>
          <label className={styles.label} htmlFor="field-config-type">
            입력 형식
          </label>
          <select
            id="field-config-type"
            className={styles.input}
            aria-describedby={typeFixed ? 'field-config-type-fixed' : undefined}
            {...register('field_type')}
          >
            {types.map((t) => (
              <option key={t} value={t}>
                {fieldTypeLabels[t]}
              </option>
            ))}
          </select>
          {typeFixed && (
            <span id="field-config-type-fixed" className={styles.hint}>
              {m.fieldTypeFixed}
            </span>
          )}
        </div>
        {fieldType === 'select' && (
          <fieldset className={styles.flags} aria-label="선택지">
            <legend className={styles.label}>선택지</legend>
            {options.map((option, i) => (
              <div key={i} className={styles.rowActions}>
                <TextField
                  label={`선택지 ${i + 1}`}
                  value={option}
                  error={optionErrors?.[i]?.message}
                  onChange={(e) => setOptions(options.map((o, j) => (j === i ? e.target.value : o)))}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`선택지 ${i + 1} 위로 이동`}
                  disabled={i === 0}
                  onClick={() => setOptions(moveOption(options, i, -1))}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`선택지 ${i + 1} 아래로 이동`}
                  disabled={i + 1 >= options.length}
                  onClick={() => setOptions(moveOption(options, i, 1))}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`선택지 ${i + 1} 삭제`}
                  onClick={() => setOptions(options.filter((_, j) => j !== i))}
                >
                  삭제
                </Button>
              </div>
            ))}
            {optionErrors?.message && (
              <p className={styles.error} role="alert">
                {optionErrors.message}
              </p>
            )}
            <Button
              size="sm"
              variant="secondary"
              disabled={options.length >= MAX_FIELD_OPTIONS}
              onClick={() => setOptions([...options, ''])}
            >
              선택지 추가
            </Button>
          </fieldset>
        )}
        <TextField label="안내 문구 (placeholder)" error={errors.placeholder?.message} {...register('placeholder')} />
        <TextField label="설명" error={errors.description?.message} {...register('description')} />
        <fieldset className={styles.flags}>
          <legend className={styles.label}>옵션</legend>
          {flags.map(([name, label]) => (
            <label key={name} className={styles.checkbox}>
              <input type="checkbox" {...register(name)} />
              {label}
            </label>
          ))}
        </fieldset>
      </form>
    </Modal>
  );
}
