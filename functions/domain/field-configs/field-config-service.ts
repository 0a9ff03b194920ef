import { coreFieldKeys, defaultFieldConfigs, systemFieldKeys, type FieldConfig } from '#shared/field-configs';
import { MAX_FIELD_CONFIGS, type FieldConfigInput } from '#shared/schemas/field-configs';
import { fieldConfigMessages } from '#shared/messages/settings';
import { fieldTypeLabels } from '#shared/messages/settings-page';
import { fieldConfigsStore } from '../../storage/field-configs';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { assertDeveloper } from '#commons/role-guards';
import type { Role } from '#shared/roles';

interface Actor {
  role: Role;
}

/**
 * The slot forms and lists are generated from these field configs, in display order. Every
 * field comes back, disabled ones too: the forms show the enabled ones (`slotFormFields`) and the
 * settings page needs all of them. The list is read from the table on every call (no cache), so a
 * change shows in the next form or list that loads.
 */
export function listFieldConfigs(): Promise<FieldConfig[]> {
  return fieldConfigsStore.list();
}

const isSystemKey = (key: string) => (systemFieldKeys as readonly string[]).includes(key);
/** Keyword and product URL: every slot needs them, so their configs stay. */
const isCoreKey = (key: string) => (coreFieldKeys as readonly string[]).includes(key);
const defaultOf = (key: string) => defaultFieldConfigs.find((f) => f.field_key === key);

const invalid = (field: string, message: string): never => {
  throw new ValidationError(message, [{ field, message }]);
};

/**
 * System and core fields keep the type they were made with: a keyword retyped to a one-option select
 * or a yes/no would refuse every registration, so their type is fixed like their existence.
 */
function assertFixedType(input: Pick<FieldConfigInput, 'field_key' | 'field_type'>, field: string) {
  const fixed = isSystemKey(input.field_key) || isCoreKey(input.field_key) ? defaultOf(input.field_key) : undefined;
  if (!fixed || fixed.field_type === input.field_type) return;
  invalid(
    field,
    isSystemKey(input.field_key)
      ? fieldConfigMessages.systemFieldProtected(input.field_key)
      : fieldConfigMessages.coreFieldTypeFixed(input.field_key, fieldTypeLabels[fixed.field_type] ?? fixed.field_type),
  );
}

function toConfig(input: FieldConfigInput, displayOrder: number): FieldConfig {
  return {
    field_key: input.field_key,
    label: input.label,
    field_type: input.field_type,
    placeholder: input.placeholder,
    description: input.description,
    is_required: input.is_required,
    is_enabled: input.is_enabled,
    show_in_list: input.show_in_list,
    is_searchable: input.is_searchable,
    // Never from the request: the URL-derived keys are the system's, whatever a client says.
    is_system_generated: isSystemKey(input.field_key),
    display_order: input.display_order ?? displayOrder,
    options: input.options,
  };
}

/**
 * PUT /api/admin/field-configs (developer): the whole list as sent (edit, add and reorder in one
 * call). System fields must all be there with their type, the core fields too; fields left out are removed.
 */
export async function replaceFieldConfigs(caller: Actor, fields: FieldConfigInput[]): Promise<FieldConfig[]> {
  assertDeveloper(caller);
  const seen = new Set<string>();
  for (const [i, f] of fields.entries()) {
    if (seen.has(f.field_key)) invalid(`fields.${i}.field_key`, fieldConfigMessages.duplicateKey(f.field_key));
    seen.add(f.field_key);
    assertFixedType(f, `fields.${i}.field_type`);
  }
  const missing = systemFieldKeys.filter((k) => !seen.has(k));
  if (missing.length) invalid('fields', fieldConfigMessages.systemFieldMissing(missing));
  const missingCore = coreFieldKeys.filter((k) => !seen.has(k));
  if (missingCore.length) invalid('fields', fieldConfigMessages.coreFieldMissing(missingCore));

  const next = fields.map((f, i) => toConfig(f, i + 1));
  const current = await fieldConfigsStore.list({ consistent: true });
  const removed = current.map((c) => c.field_key).filter((k) => !seen.has(k));
  await fieldConfigsStore.replaceAll(next, removed);
  return fieldConfigsStore.list({ consistent: true });
}

/** POST /api/admin/field-configs (developer): one new field; without display_order it goes last. */
export async function createFieldConfig(caller: Actor, input: FieldConfigInput): Promise<FieldConfig> {
  assertDeveloper(caller);
  if (isSystemKey(input.field_key)) invalid('field_key', fieldConfigMessages.systemKeyReserved(input.field_key));
  assertFixedType(input, 'field_type');
  const current = await fieldConfigsStore.list({ consistent: true });
  if (current.some((c) => c.field_key === input.field_key))
    throw new ConflictError(fieldConfigMessages.keyExists(input.field_key));
  if (current.length >= MAX_FIELD_CONFIGS) invalid('field_key', fieldConfigMessages.tooManyFields(MAX_FIELD_CONFIGS));
  // Last among the fields a person sees: the system fields sit at the end (90+) and stay there.
  const visible = current.filter((c) => !c.is_system_generated);
  const last = Math.max(0, ...visible.map((c) => c.display_order));
  const config = toConfig(input, last + 1);
  if (!(await fieldConfigsStore.put(config, true)))
    throw new ConflictError(fieldConfigMessages.keyExists(input.field_key));
  return config;
}

/** DELETE /api/admin/field-configs/{key} (developer): system and core fields stay. */
export async function removeFieldConfig(caller: Actor, fieldKey: string): Promise<{ deleted: string }> {
  assertDeveloper(caller);
  if (isSystemKey(fieldKey)) invalid('key', fieldConfigMessages.systemFieldProtected(fieldKey));
  if (isCoreKey(fieldKey)) invalid('key', fieldConfigMessages.coreFieldProtected(fieldKey));
  if (!(await fieldConfigsStore.remove(fieldKey))) throw new NotFoundError(fieldConfigMessages.notFound(fieldKey));
  return { deleted: fieldKey };
}

/** POST /api/admin/field-configs/reset (developer): back to the defaults; added fields are removed. */
export async function resetFieldConfigs(caller: Actor): Promise<FieldConfig[]> {
  assertDeveloper(caller);
  const current = await fieldConfigsStore.list({ consistent: true });
  const defaultKeys = new Set(defaultFieldConfigs.map((f) => f.field_key));
  await fieldConfigsStore.replaceAll(
    defaultFieldConfigs,
    current.map((c) => c.field_key).filter((k) => !defaultKeys.has(k)),
  );
  return fieldConfigsStore.list({ consistent: true });
}
