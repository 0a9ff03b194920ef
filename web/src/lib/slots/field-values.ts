import { optionsOf, type FieldConfig } from '#shared/field-configs';
import { fieldValueTexts } from '#shared/messages/slots';

/**
 * Typed field values as people type and paste them. Stored values stay text:
 * a boolean is 'true' / 'false', a select holds one of its options exactly.
 *
 * Pasted or typed words read as a boolean, case and spaces ignored (docs/settings.md lists them):
 * yes — 예, 네, Y, Yes, True, T, O, ○, 1, ✓; no — 아니오, 아니요, 아니, N, No, False, F, X, ×, 0.
 * Anything else is kept as typed, so the cell is flagged instead of silently guessed.
 */
const yesWords = new Set(['예', '네', 'y', 'yes', 'true', 't', 'o', '○', '1', '✓', '✔']);
const noWords = new Set(['아니오', '아니요', '아니', 'n', 'no', 'false', 'f', 'x', '×', '0']);

function parseBooleanWord(text: string): 'true' | 'false' | null {
  const word = text.trim().toLowerCase();
  if (yesWords.has(word)) return 'true';
  if (noWords.has(word)) return 'false';
  return null;
}

/**
 * The stored value a typed or pasted text stands for: a boolean word → 'true' / 'false'; a select
 * text → the option it names (exact, else the one option equal ignoring case); other text as it is.
 */
export function toFieldValue(field: Pick<FieldConfig, 'field_type' | 'options'>, text: string): string {
  const value = text.trim();
  if (!value) return '';
  if (field.field_type === 'boolean') return parseBooleanWord(value) ?? value;
  if (field.field_type === 'select') {
    const options = optionsOf(field);
    if (options.includes(value)) return value;
    const folded = options.filter((o) => o.toLowerCase() === value.toLowerCase());
    return folded.length === 1 ? folded[0] : value;
  }
  return value;
}

/** How a stored value reads in lists and exports: booleans as 예 / 아니오, anything else as stored. */
export function displayFieldValue(field: Pick<FieldConfig, 'field_type'>, value: string): string {
  if (field.field_type !== 'boolean') return value;
  if (value === 'true') return fieldValueTexts.yes;
  if (value === 'false') return fieldValueTexts.no;
  return value;
}
