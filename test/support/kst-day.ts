import { addKstDays, kstDayStartIso, kstToday, type KstDay } from '../../shared/kst';

/**
 * Today in Korea, for a test file that takes "today" once and compares it with the server's today
 * later: a run crossing midnight KST (15:00 UTC) would see the two differ. If the day ends within
 * `needMs`, this waits for the next day to begin first (at most `needMs`, in about one run of
 * every 1,440 that starts within that minute), so the file's today holds for as long as it runs.
 */
export async function stableKstToday(needMs = 60_000): Promise<KstDay> {
  const today = kstToday();
  const untilTomorrow = Date.parse(kstDayStartIso(addKstDays(today, 1))) - Date.now();
  if (untilTomorrow > needMs) return today;
  await new Promise((resume) => setTimeout(resume, untilTomorrow + 50));
  return kstToday();
}
