import { ulid } from 'ulid';
import { announcementMessages as m } from '#shared/messages/announcements';
import { htmlToText } from '#shared/announcement-html';
import { kstToday } from '#shared/kst';
import type {
  Announcement,
  CreateAnnouncement,
  ListAnnouncementsQuery,
  UpdateAnnouncement,
} from '#shared/schemas/announcements';
import { isStaff, type Role } from '#shared/roles';
import { NotFoundError, ValidationError } from '#commons/errors';
import { assertStaff } from '#commons/role-guards';
import { logger } from '#commons/logger';
import { retrying } from '#commons/retry';
import { announcementsStore, type AnnouncementRecord, type AnnouncementSummary } from '../../storage/announcements';
import { usersStore } from '../../storage/users';
import { sanitizeAnnouncementHtml } from './sanitize';
import { currentSummaries } from './summaries';
import { notifyUrgentAnnouncement, shouldNotify } from './urgent-notice';

interface Actor {
  userId: string;
  role: Role;
}

/** Users see an announcement while it is active and today (KST) lies within its dates (inclusive). */
function isLive(a: Pick<AnnouncementRecord, 'is_active' | 'start_date' | 'end_date'>, today = kstToday()): boolean {
  if (!a.is_active) return false;
  if (a.start_date && today < a.start_date) return false;
  if (a.end_date && today > a.end_date) return false;
  return true;
}

const withRead = (a: AnnouncementRecord, read: Set<string>): Announcement => ({
  ...a,
  view_count: a.view_count ?? 0,
  is_read: read.has(a.id),
});

/** Pinned first, then newest (ids are ULIDs). */
const byPinnedThenNewest = (
  a: Pick<AnnouncementRecord, 'id' | 'is_pinned'>,
  b: Pick<AnnouncementRecord, 'id' | 'is_pinned'>,
) => Number(b.is_pinned) - Number(a.is_pinned) || (a.id < b.id ? 1 : -1);

/**
 * Every summary and what users may see of them (docs/data-model.md AN1: no body is read to decide),
 * newest first; undefined while a summary from before the visibility fields remains (until the bootstrap
 * rewrites it), when the lists read every announcement whole as they did before.
 */
async function liveSummaries(): Promise<{ all: AnnouncementSummary[]; live: AnnouncementSummary[] } | undefined> {
  const all = await currentSummaries();
  if (all.some((s) => !('is_pinned' in s))) return undefined;
  const today = kstToday();
  return { all, live: all.filter((s) => isLive(s, today)) };
}

/**
 * GET /api/announcements: users get the live ones; operators with `includeInactive` get every one
 * (a user's `includeInactive` is ignored, not refused: the user page sends the same call).
 */
export async function listAnnouncements(
  caller: Actor,
  opts: ListAnnouncementsQuery,
): Promise<{ announcements: Announcement[]; total: number; nextCursor?: string }> {
  const everything = !!opts.includeInactive && isStaff(caller.role);
  if (everything) return managementList(caller, opts);
  const summaries = await liveSummaries();
  if (!summaries) return wholeUsersList(caller, opts);
  const { all, live } = summaries;
  // `live` is this request's own array (a filter of the shared copy), so sorting it in place is safe.
  const page = live.sort(byPinnedThenNewest).slice(...pageBounds(opts));
  const [records, read] = await Promise.all([readShown(page, all), announcementsStore.readIdsOf(caller.userId)]);
  return { announcements: records.map((a) => withRead(a, read)), total: live.length };
}

/** The users' list page `page` of `limit` rows, as slice bounds (a page past the end is empty). */
const pageBounds = (opts: ListAnnouncementsQuery): [number, number] => [
  (opts.page - 1) * opts.limit,
  opts.page * opts.limit,
];

/** A range read pays for the hidden announcements inside it too: taken while they are at most as many as the shown ones. */
const RANGE_OVERHEAD_MAX = 1;

/**
 * The shown announcements whole, in page order. After the pinned ones a page is the newest live
 * ones, a run of ids broken only by hidden announcements: one range query reads it (its capacity is
 * the bytes read, where a batch get rounds each item up to 4 KB, so 100 short announcements cost 50
 * units by id and about 7 by range) unless the summaries say the range holds more hidden than shown
 * ones. The pinned ones, and a run too sparse for a range, are read by id.
 */
async function readShown(page: AnnouncementSummary[], all: AnnouncementSummary[]): Promise<AnnouncementRecord[]> {
  const run = page.filter((a) => !a.is_pinned).map((a) => a.id);
  const low = run.at(-1);
  const high = run[0];
  const inRange = low && high ? all.filter((s) => s.id >= low && s.id <= high).length : 0;
  const byRange = run.length > 1 && inRange - run.length <= RANGE_OVERHEAD_MAX * run.length;
  const rangeIds = new Set(byRange ? run : []);
  const [ranged, byId] = await Promise.all([
    byRange && low && high ? announcementsStore.listBetween(low, high) : Promise.resolve([]),
    announcementsStore.getMany(page.filter((a) => !rangeIds.has(a.id)).map((a) => a.id)),
  ]);
  const found = new Map([...ranged.filter((r) => rangeIds.has(r.id)), ...byId].map((r) => [r.id, r]));
  return page.flatMap((a) => found.get(a.id) ?? []);
}

/** The users' list from every announcement read whole: only while summaries lack the visibility fields. */
async function wholeUsersList(caller: Actor, opts: ListAnnouncementsQuery) {
  const [all, read] = await Promise.all([announcementsStore.list(), announcementsStore.readIdsOf(caller.userId)]);
  const visible = all.filter((a) => isLive(a)).sort(byPinnedThenNewest);
  return {
    announcements: visible.slice(...pageBounds(opts)).map((a) => withRead(a, read)),
    total: visible.length,
  };
}

/**
 * The management list: the summaries (no content, docs/data-model.md AN1m; a copy shared while its
 * version holds), newest first, searched
 * (title or author, case-insensitive) and filtered on the server; only the page's announcements are
 * read whole.
 * The cursor is the previous page's last id: pages never repeat or skip one, also while new ones arrive.
 */
async function managementList(caller: Actor, opts: ListAnnouncementsQuery) {
  const needle = opts.search?.toLowerCase();
  const matching = (await currentSummaries()).filter(
    (a) =>
      (!needle || a.title.toLowerCase().includes(needle) || a.author_name.toLowerCase().includes(needle)) &&
      (!opts.category || a.category === opts.category) &&
      (!opts.active || (opts.active === 'active') === a.is_active),
  );
  const after = opts.cursor ? matching.filter((a) => a.id < opts.cursor!) : matching;
  const page = after.slice(0, opts.limit);
  const [records, read] = await Promise.all([
    announcementsStore.getMany(page.map((a) => a.id)),
    announcementsStore.readIdsOf(caller.userId),
  ]);
  return {
    announcements: records.map((a) => withRead(a, read)),
    total: matching.length,
    ...(after.length > opts.limit ? { nextCursor: page.at(-1)!.id } : {}),
  };
}

/** GET /api/announcements/pinned: the banner's items, pinned and live, newest first; only those are read whole. */
export async function listPinned(caller: Actor): Promise<Announcement[]> {
  const [summaries, read] = await Promise.all([liveSummaries(), announcementsStore.readIdsOf(caller.userId)]);
  const records = summaries
    ? await announcementsStore.getMany(summaries.live.filter((a) => a.is_pinned).map((a) => a.id))
    : (await announcementsStore.list()).filter((a) => a.is_pinned && isLive(a));
  return records.map((a) => withRead(a, read));
}

/**
 * GET /api/announcements/{id}: opening it marks it read for the caller and counts one view, once per
 * user (concurrent opens included). Users cannot open what they cannot list.
 */
export async function openAnnouncement(caller: Actor, id: string): Promise<Announcement> {
  const found = await announcementsStore.get(id);
  if (!found || (!isStaff(caller.role) && !isLive(found))) throw new NotFoundError(m.notFound);
  const outcome = await announcementsStore.markRead(caller.userId, id, new Date().toISOString());
  if (outcome === 'missing') throw new NotFoundError(m.notFound);
  const current = (await announcementsStore.get(id, { consistent: true })) ?? found;
  return { ...current, view_count: current.view_count ?? 0, is_read: true };
}

/** Stored content: HTML sanitised against the allowlist; plain text kept as typed (rendered as text). */
function cleanContent(content: string, contentType: 'html' | 'text'): string {
  if (contentType === 'text') return content;
  const clean = sanitizeAnnouncementHtml(content).trim();
  // Markup with nothing left to read (only tags, or only what the sanitiser removed) is no content.
  if (!htmlToText(clean) && !/<img\s/i.test(clean))
    throw new ValidationError(m.titleAndContentRequired, [
      { field: 'content', label: '내용', message: m.titleAndContentRequired },
    ]);
  return clean;
}

/** The images a record lists: those the form sent plus those the content shows, own paths only (the schema checked them). */
const imagesOf = (content: string, contentType: 'html' | 'text', listed: string[]) => {
  const shown = contentType === 'html' ? [...content.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((x) => x[1]) : [];
  return [...new Set([...listed, ...shown])];
};

async function authorName(caller: Actor): Promise<string> {
  const user = await usersStore.get(caller.userId);
  return user?.fullName || user?.loginId || '운영자';
}

async function maybeNotify(before: AnnouncementRecord | undefined, after: AnnouncementRecord): Promise<void> {
  if (!shouldNotify(after) || (before && shouldNotify(before))) return;
  // The announcement is saved either way; a failed notice is logged, not the operator's error.
  await notifyUrgentAnnouncement(after).catch((err) =>
    logger.error('urgent announcement notice failed', { id: after.id, err }),
  );
}

/** POST /api/announcements (operator). */
export async function createAnnouncement(caller: Actor, input: CreateAnnouncement): Promise<Announcement> {
  assertStaff(caller);
  const content = cleanContent(input.content, input.content_type);
  const now = new Date().toISOString();
  const record: AnnouncementRecord = {
    id: ulid(),
    title: input.title,
    content,
    content_type: input.content_type,
    category: input.category,
    priority: input.priority,
    is_pinned: input.is_pinned,
    is_active: input.is_active,
    start_date: input.start_date ?? null,
    end_date: input.end_date ?? null,
    images: imagesOf(content, input.content_type, input.images),
    author_id: caller.userId,
    author_name: await authorName(caller),
    view_count: 0,
    created_at: now,
    updated_at: now,
  };
  await announcementsStore.create(record);
  await maybeNotify(undefined, record);
  return { ...record, is_read: false };
}

/**
 * PUT /api/announcements/{id} (operator): the fields sent; the active and pin toggles send one. The
 * write holds only while the announcement is as read (its summary is rewritten from it), so a
 * concurrent edit makes this one read and decide again.
 */
export async function updateAnnouncement(caller: Actor, id: string, input: UpdateAnnouncement): Promise<Announcement> {
  assertStaff(caller);
  const before = await retrying(async () => {
    const found = await announcementsStore.get(id, { consistent: true });
    if (!found) throw new NotFoundError(m.notFound);
    await announcementsStore.update(found, changedFields(found, input));
    return found;
  });
  const after = await announcementsStore.get(id, { consistent: true });
  if (!after) throw new NotFoundError(m.notFound);
  await maybeNotify(before, after);
  const read = await announcementsStore.readIdsOf(caller.userId);
  return withRead(after, read);
}

/** What an update sets on `before`: the fields sent, content cleaned, images listed again. */
function changedFields(before: AnnouncementRecord, input: UpdateAnnouncement): Partial<AnnouncementRecord> {
  const contentType = input.content_type ?? before.content_type;
  const startDate = input.start_date === undefined ? before.start_date : input.start_date;
  const endDate = input.end_date === undefined ? before.end_date : input.end_date;
  if (startDate && endDate && startDate > endDate)
    throw new ValidationError(m.dateOrder, [{ field: 'end_date', label: '게시 종료일', message: m.dateOrder }]);
  const fields: Partial<AnnouncementRecord> = {
    title: input.title,
    category: input.category,
    priority: input.priority,
    is_pinned: input.is_pinned,
    is_active: input.is_active,
    start_date: input.start_date,
    end_date: input.end_date,
    updated_at: new Date().toISOString(),
  };
  if (input.content !== undefined || input.content_type !== undefined) {
    fields.content = cleanContent(input.content ?? before.content, contentType);
    fields.content_type = contentType;
  }
  if (fields.content !== undefined || input.images !== undefined)
    fields.images = imagesOf(fields.content ?? before.content, contentType, input.images ?? before.images);
  return fields;
}

/** DELETE /api/announcements/{id} (operator). */
export async function deleteAnnouncement(caller: Actor, id: string): Promise<{ deleted: string }> {
  assertStaff(caller);
  if (!(await announcementsStore.remove(id))) throw new NotFoundError(m.notFound);
  return { deleted: id };
}
