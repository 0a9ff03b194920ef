import { config } from '#commons/config';
import { announcementsStore, type AnnouncementSummary } from '../../storage/announcements';

/**
 * The lists' summaries (the management list's and the users' visibility), read whole once per version and shared (like the slot lists'
 * period rows, domain/slots/staff-list.ts): every write of an announcement moves the version in its
 * transaction, so a request reads one small item and searches, filters and pages the copy while it
 * is current. The version is read before the summaries, so a copy is never older than its version.
 */
let copy: { table: string; version: number; summaries: Promise<AnnouncementSummary[]> } | undefined;
/** Requests that arrive while a version read is under way share it. */
let versionInFlight: { table: string; version: Promise<number> } | undefined;

export async function currentSummaries(): Promise<AnnouncementSummary[]> {
  // Keyed by table as well: one process may serve several tables (tests, benches), each with its own versions.
  const table = config().tableName;
  if (versionInFlight?.table !== table) {
    const read = {
      table,
      version: announcementsStore
        .summariesVersion()
        .finally(() => versionInFlight === read && (versionInFlight = undefined)),
    };
    versionInFlight = read;
  }
  const version = await versionInFlight.version;
  if (copy?.table !== table || copy.version !== version) {
    const fresh = {
      table,
      version,
      summaries: announcementsStore.listSummaries().catch((err: unknown) => {
        // A failed read is forgotten, not served to the next request.
        if (copy === fresh) copy = undefined;
        throw err;
      }),
    };
    copy = fresh;
  }
  return copy.summaries;
}
