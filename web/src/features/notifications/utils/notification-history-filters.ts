import type { NotificationType } from '#shared/schemas/notifications';

/** The type filter: 'all' or one of the five notification types (custom sends still show under 'all'). */
export const historyTypeFilters: Array<'all' | NotificationType> = [
  'all',
  'info',
  'success',
  'warning',
  'error',
  'promotion',
];
export type HistoryTypeFilter = (typeof historyTypeFilters)[number];

/** Message preview in the table: the first 60 characters, the rest on hover. */
const PREVIEW_MAX = 60;
export const previewOf = (text: string, max = PREVIEW_MAX) => (text.length > max ? `${text.slice(0, max)}…` : text);
