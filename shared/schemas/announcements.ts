import { deferred, z } from '../zod';
import { announcementMessages as m } from '../messages/announcements';
import { ANNOUNCEMENT_IMAGE_PATH } from '../announcement-html';
import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_IMAGES_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  ANNOUNCEMENTS_LIMIT_MAX,
  announcementCategories,
  announcementContentTypes,
  announcementPriorities,
  IMAGE_MAX_BYTES,
  imageContentTypes,
} from '../announcements';

/**
 * Announcements: one shape shared by the server and
 * the operator's create/edit dialog. Dates are KST days (`yyyy-MM-dd`), inclusive; no date means no
 * bound. HTML content is sanitised by the server before it is stored (functions/domain/announcements).
 */
export * from '../announcements';

const KST_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = () =>
  z.optional(
    z.union([
      z.string().check(
        z.trim(),
        z.regex(KST_DAY, { error: m.dateFormat }),
        z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: m.dateFormat }),
      ),
      z.pipe(
        z.literal(''),
        z.transform(() => null),
      ),
      z.null(),
    ]),
  );

const title = () =>
  z
    .string({ error: m.titleAndContentRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: m.titleAndContentRequired }),
      z.maxLength(ANNOUNCEMENT_TITLE_MAX, { error: m.titleTooLong }),
    );
const content = () =>
  z
    .string({ error: m.titleAndContentRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: m.titleAndContentRequired }),
      z.maxLength(ANNOUNCEMENT_CONTENT_MAX, { error: m.contentTooLong }),
    );

const optionalShape = () => ({
  content_type: z.enum(announcementContentTypes, { error: '내용 형식은 html 또는 text여야 합니다.' }),
  category: z.enum(announcementCategories, { error: '분류는 general, event, update, maintenance 중 하나여야 합니다.' }),
  priority: z.enum(announcementPriorities, { error: '중요도는 low, normal, high, urgent 중 하나여야 합니다.' }),
  is_pinned: z.boolean(),
  is_active: z.boolean(),
  images: z
    .array(z.string().check(z.regex(ANNOUNCEMENT_IMAGE_PATH, { error: m.imagePath })), { error: m.imagePath })
    .check(z.maxLength(ANNOUNCEMENT_IMAGES_MAX, { error: m.tooManyImages })),
});

const datesInOrder = (v: { start_date?: string | null; end_date?: string | null }) =>
  !v.start_date || !v.end_date || v.start_date <= v.end_date;

/** POST /api/announcements. */
export const createAnnouncementSchema = deferred(() => {
  const s = optionalShape();
  return z
    .object({
      title: title(),
      content: content(),
      content_type: z._default(s.content_type, 'html'),
      category: z._default(s.category, 'general'),
      priority: z._default(s.priority, 'normal'),
      is_pinned: z._default(s.is_pinned, false),
      is_active: z._default(s.is_active, true),
      start_date: day(),
      end_date: day(),
      images: z._default(s.images, []),
    })
    .check(z.refine(datesInOrder, { error: m.dateOrder, path: ['end_date'] }));
});
export type AnnouncementInput = z.input<typeof createAnnouncementSchema>;
export type CreateAnnouncement = z.output<typeof createAnnouncementSchema>;

/** PUT /api/announcements/{id}: any subset (the list's active and pin toggles send one field). */
export const updateAnnouncementSchema = deferred(() => {
  const s = optionalShape();
  return z
    .object({
      title: z.optional(title()),
      content: z.optional(content()),
      content_type: z.optional(s.content_type),
      category: z.optional(s.category),
      priority: z.optional(s.priority),
      is_pinned: z.optional(s.is_pinned),
      is_active: z.optional(s.is_active),
      start_date: day(),
      end_date: day(),
      images: z.optional(s.images),
    })
    .check(z.refine(datesInOrder, { error: m.dateOrder, path: ['end_date'] }));
});
export type UpdateAnnouncement = z.output<typeof updateAnnouncementSchema>;

const flag = () =>
  z.optional(
    z.pipe(
      z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]),
      z.transform((v) => v === true || v === 'true' || v === '1'),
    ),
  );

/** GET /api/announcements?limit=&page=&includeInactive= (includeInactive counts for operators only). */
export const listAnnouncementsQuerySchema = deferred(() =>
  z.object({
    limit: z._default(
      z.coerce
        .number({ error: '조회 개수는 숫자로 입력해주세요.' })
        .check(z.int(), z.gte(1), z.lte(ANNOUNCEMENTS_LIMIT_MAX)),
      10,
    ),
    /** The users' list: which page of `limit` (pinned first, then newest). The management list pages by cursor. */
    page: z._default(
      z.coerce
        .number({ error: m.pageInvalid })
        .check(z.int(m.pageInvalid), z.gte(1, m.pageInvalid), z.lte(100_000, m.pageInvalid)),
      1,
    ),
    includeInactive: flag(),
    /** Operators' management list (with includeInactive): searched and filtered on the server, paged by cursor. */
    search: z.optional(z.string().check(z.trim(), z.maxLength(100, { error: m.searchTooLong }))),
    category: z.optional(z.enum(announcementCategories, { error: m.categoryInvalid })),
    active: z.optional(z.enum(['active', 'inactive'], { error: m.activeFilterInvalid })),
    /** The last id of the previous page (newest first). */
    cursor: z.optional(z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: m.cursorInvalid }))),
  }),
);
export type ListAnnouncementsQuery = z.output<typeof listAnnouncementsQuerySchema>;

export const announcementIdPathSchema = deferred(() =>
  z.object({ id: z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: m.notFound })) }),
);

/** POST /api/announcements/images: ask for an upload of one image. */
export const imageUploadRequestSchema = deferred(() =>
  z.object({
    contentType: z.enum(imageContentTypes, { error: m.imageType }),
    size: z
      .number({ error: m.imageEmpty })
      .check(z.int(), z.gte(1, { error: m.imageEmpty }), z.lte(IMAGE_MAX_BYTES, { error: m.imageTooLarge })),
  }),
);
export const imageUploadPathSchema = deferred(() =>
  z.object({ uploadId: z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: m.imageNotUploaded })) }),
);
