/**
 * Announcement constants and types without zod (the shell's banner and the lists load this; the
 * schemas in #shared/schemas/announcements re-export all of it).
 */
export { ANNOUNCEMENT_IMAGE_PATH } from './announcement-html';

export const announcementCategories = ['general', 'event', 'update', 'maintenance'] as const;
export const announcementPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export const announcementContentTypes = ['html', 'text'] as const;
export type AnnouncementCategory = (typeof announcementCategories)[number];
export type AnnouncementPriority = (typeof announcementPriorities)[number];
export type AnnouncementContentType = (typeof announcementContentTypes)[number];

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 200_000;
/** The operator's management list loads 100 announcements; the advertiser's banner 10. */
export const ANNOUNCEMENTS_LIMIT_MAX = 100;
export const ANNOUNCEMENT_IMAGES_MAX = 20;

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

export interface Announcement {
  id: string;
  title: string;
  content: string;
  content_type: AnnouncementContentType;
  category: AnnouncementCategory;
  priority: AnnouncementPriority;
  is_pinned: boolean;
  is_active: boolean;
  start_date: string | null;
  end_date: string | null;
  images: string[];
  author_id: string;
  author_name: string;
  view_count: number;
  /** For the caller: opened at least once. */
  is_read: boolean;
  created_at: string;
  updated_at: string;
}

/** What the server answers to an upload request: where to send the bytes (S3 presigned POST, or the local server). */
export interface ImageUploadTicket {
  uploadId: string;
  url: string;
  /** Form fields to send before the `file` field (multipart/form-data POST). */
  fields: Record<string, string>;
  expiresAt: string;
}
