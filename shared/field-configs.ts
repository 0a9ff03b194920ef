/**
 * Slot registration fields (the field configs). The slot forms are generated from this list as
 * stored; these are the defaults written on first start and restored by "reset".
 */
export const fieldTypes = ['text', 'textarea', 'url', 'email', 'number', 'select', 'date', 'boolean'] as const;
type FieldType = (typeof fieldTypes)[number];

export interface FieldConfig {
  field_key: string;
  label: string;
  field_type: FieldType;
  placeholder: string;
  description: string;
  is_required: boolean;
  is_enabled: boolean;
  show_in_list: boolean;
  is_searchable: boolean;
  is_system_generated: boolean;
  display_order: number;
  /**
   * The choices of a `select` field, in the order the form offers them (empty for every other type;
   * rows stored before options existed have none and read as empty).
   */
  options?: string[];
}

/** Limits of a select field's options, checked by the settings form and the server alike. */
export const MAX_FIELD_OPTIONS = 50;
export const MAX_OPTION_LENGTH = 50;

/** A field's options as stored (never undefined). */
export const optionsOf = (config: Pick<FieldConfig, 'options'>): readonly string[] => config.options ?? [];

/** Derived from the product URL; stored on the slot, never typed in, hidden from lists and forms. */
export const systemFieldKeys = ['url_product_id', 'url_item_id', 'url_vendor_item_id'] as const;

/**
 * What every slot needs: the keyword and the product URL the system fields come
 * from. Always on the slot forms and required by registration, whatever the configs say; their
 * configs can be relabelled and moved, never deleted.
 */
export const coreFieldKeys = ['keywords', 'landingUrl'] as const;

/**
 * Names a field key may not take: what every object already answers to (its
 * prototype's members: a plain-object lookup of `constructor` finds a function, not a missing
 * value) and the input aliases of the core fields (`keyword`, `url` already mean keywords and
 * landingUrl in a request). Checked where keys are validated; lookups by key use `fieldValueOf`
 * or Maps all the same, so a stored key that slipped past (a row written by hand) breaks nothing.
 */
export const reservedFieldKeys: ReadonlySet<string> = new Set([
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
  'prototype',
  'keyword',
  'url',
]);

/** A field's value in a key → value record: own keys only, never an inherited member. */
export const fieldValueOf = <V>(values: Readonly<Record<string, V>> | null | undefined, key: string): V | undefined =>
  values && Object.hasOwn(values, key) ? values[key] : undefined;

const field = (
  f: Omit<FieldConfig, 'placeholder' | 'description' | 'is_system_generated'> & Partial<FieldConfig>,
): FieldConfig => ({
  placeholder: '',
  description: '',
  is_system_generated: false,
  options: [],
  ...f,
});

export const defaultFieldConfigs: FieldConfig[] = [
  field({
    field_key: 'keywords',
    label: '키워드',
    field_type: 'text',
    placeholder: '검색 키워드를 입력하세요',
    is_required: true,
    is_enabled: true,
    show_in_list: true,
    is_searchable: true,
    display_order: 1,
  }),
  field({
    field_key: 'landingUrl',
    label: 'URL',
    field_type: 'url',
    placeholder: 'https://www.coupang.com/vp/products/...',
    description: '쿠팡 상품 URL (itemId, vendorItemId 포함)',
    is_required: true,
    is_enabled: true,
    show_in_list: true,
    is_searchable: true,
    display_order: 2,
  }),
  field({
    field_key: 'mid',
    label: 'MID',
    field_type: 'text',
    placeholder: 'MID (선택)',
    is_required: false,
    is_enabled: true,
    show_in_list: true,
    is_searchable: true,
    display_order: 3,
  }),
  field({
    field_key: 'adText',
    label: '광고 문구',
    field_type: 'textarea',
    is_required: false,
    is_enabled: false,
    show_in_list: false,
    is_searchable: false,
    display_order: 4,
  }),
  field({
    field_key: 'description',
    label: '메모',
    field_type: 'textarea',
    is_required: false,
    is_enabled: true,
    show_in_list: false,
    is_searchable: false,
    display_order: 5,
  }),
  field({
    field_key: 'url_product_id',
    label: '상품 ID',
    field_type: 'text',
    is_required: false,
    is_enabled: true,
    show_in_list: false,
    is_searchable: true,
    is_system_generated: true,
    display_order: 90,
  }),
  field({
    field_key: 'url_item_id',
    label: '아이템 ID',
    field_type: 'text',
    is_required: false,
    is_enabled: true,
    show_in_list: false,
    is_searchable: false,
    is_system_generated: true,
    display_order: 91,
  }),
  field({
    field_key: 'url_vendor_item_id',
    label: '판매자 아이템 ID',
    field_type: 'text',
    is_required: false,
    is_enabled: true,
    show_in_list: false,
    is_searchable: false,
    is_system_generated: true,
    display_order: 92,
  }),
];

/**
 * A stored config as the forms and registration read it: the keyword and URL keep their own type
 * whatever a row says (a row retyped before their type was fixed would refuse every registration).
 */
export function withFixedType(config: FieldConfig): FieldConfig {
  if (!(coreFieldKeys as readonly string[]).includes(config.field_key)) return config;
  const fixed = defaultFieldConfigs.find((f) => f.field_key === config.field_key)!;
  return config.field_type === fixed.field_type ? config : { ...config, field_type: fixed.field_type, options: [] };
}
