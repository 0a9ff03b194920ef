import { deferred, z } from '../zod';
import { fieldConfigMessages } from '../messages/settings';
import { fieldTypes, MAX_FIELD_OPTIONS, MAX_OPTION_LENGTH, reservedFieldKeys } from '../field-configs';

/**
 * Field-config editing on the developer's settings page (its field tab):
 * one field's shape, shared by the server and the settings form. `is_system_generated` is never taken
 * from a request: the server sets it from `systemFieldKeys`.
 */
const FIELD_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,49}$/;
/** Room in one transaction for a whole replace (puts + deletes ≤ 100). */
export const MAX_FIELD_CONFIGS = 50;

const fieldConfigShape = () => ({
  field_key: z.string({ error: fieldConfigMessages.keyAndLabelRequired }).check(
    z.trim(),
    z.minLength(1, { error: fieldConfigMessages.keyAndLabelRequired }),
    z.regex(FIELD_KEY_PATTERN, { error: fieldConfigMessages.keyFormat }),
    z.refine((key) => !reservedFieldKeys.has(key), {
      error: (iss) => fieldConfigMessages.keyReserved(String(iss.input)),
    }),
  ),
  label: z
    .string({ error: fieldConfigMessages.keyAndLabelRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: fieldConfigMessages.keyAndLabelRequired }),
      z.maxLength(50, { error: fieldConfigMessages.labelLength }),
    ),
  field_type: z.enum(fieldTypes, { error: fieldConfigMessages.fieldType(fieldTypes) }),
  placeholder: z._default(
    z.string().check(z.trim(), z.maxLength(200, { error: fieldConfigMessages.placeholderLength })),
    '',
  ),
  description: z._default(
    z.string().check(z.trim(), z.maxLength(500, { error: fieldConfigMessages.descriptionLength })),
    '',
  ),
  is_required: z._default(z.boolean(), false),
  is_enabled: z._default(z.boolean(), true),
  show_in_list: z._default(z.boolean(), false),
  is_searchable: z._default(z.boolean(), false),
  /** Ignored: derived from the key. Accepted so a field read from GET can be sent back as it is. */
  is_system_generated: z.optional(z.boolean()),
  display_order: z.optional(
    z.coerce
      .number()
      .check(
        z.int({ error: fieldConfigMessages.displayOrder }),
        z.gte(0, { error: fieldConfigMessages.displayOrder }),
        z.lte(10_000, { error: fieldConfigMessages.displayOrder }),
      ),
  ),
  /** A select field's choices, in order; ignored (stored empty) for every other type. */
  options: z._default(
    z
      .array(
        z
          .string()
          .check(
            z.trim(),
            z.minLength(1, { error: fieldConfigMessages.optionBlank }),
            z.maxLength(MAX_OPTION_LENGTH, { error: fieldConfigMessages.optionLength(MAX_OPTION_LENGTH) }),
          ),
      )
      .check(z.maxLength(MAX_FIELD_OPTIONS, { error: fieldConfigMessages.tooManyOptions(MAX_FIELD_OPTIONS) })),
    [],
  ),
});

/** A select needs at least one option and no option twice; other types drop whatever options came. */
const fieldConfigObject = () =>
  z.pipe(
    z.object(fieldConfigShape()).check(
      z.superRefine((f, ctx) => {
        if (f.field_type !== 'select') return;
        if (f.options.length === 0)
          ctx.addIssue({ code: 'custom', path: ['options'], message: fieldConfigMessages.optionsRequired });
        const seen = new Set<string>();
        for (const [i, option] of f.options.entries()) {
          if (seen.has(option))
            ctx.addIssue({
              code: 'custom',
              path: ['options', i],
              message: fieldConfigMessages.optionDuplicate(option),
            });
          seen.add(option);
        }
      }),
    ),
    z.transform((f) => (f.field_type === 'select' ? f : { ...f, options: [] })),
  );

/** POST /api/admin/field-configs: one new field (without display_order it goes last). */
export const createFieldConfigSchema = deferred(() => fieldConfigObject());
export type FieldConfigInput = z.output<typeof createFieldConfigSchema>;

/** PUT /api/admin/field-configs `{ fields }`: the whole list, edits and order in one call. */
export const replaceFieldConfigsSchema = deferred(() =>
  z.object({
    fields: z
      .array(fieldConfigObject(), { error: fieldConfigMessages.fieldsRequired })
      .check(
        z.minLength(1, { error: fieldConfigMessages.fieldsRequired }),
        z.maxLength(MAX_FIELD_CONFIGS, { error: fieldConfigMessages.tooManyFields(MAX_FIELD_CONFIGS) }),
      ),
  }),
);

export const fieldKeyPathSchema = deferred(() => z.object({ key: z.string().check(z.minLength(1), z.maxLength(100)) }));
