import { retrying } from '#commons/retry';
import { announcementsStore } from '../../storage/announcements';

/**
 * Announcements written before the management list read summaries get theirs, and summaries written
 * before the users' visibility fields (is_pinned, start_date, end_date) are rewritten, each once:
 * written only while the announcement is as read and no current summary exists, so a second run, two at once, or an
 * edit or delete meanwhile (which write or remove the summary themselves) never leave a wrong one.
 * Runs at bootstrap; returns how many it wrote.
 */
export async function summariseAnnouncements(): Promise<number> {
  let written = 0;
  for (const { id } of await announcementsStore.withoutSummary()) {
    const record = await announcementsStore.get(id, { consistent: true });
    if (record && (await retrying(() => announcementsStore.addSummary(record)))) written += 1;
  }
  return written;
}
