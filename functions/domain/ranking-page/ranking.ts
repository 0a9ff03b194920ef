import { isStaff } from '#shared/roles';
import { kstToday } from '#shared/kst';
import { rankingMessages } from '#shared/messages/ranking';
import {
  RANKING_SIZE,
  type AdvertiserRankingDto,
  type AdvertiserRankingItem,
  type KeywordRankingDto,
  type KeywordRankingItem,
} from '#shared/schemas/ranking';
import { deriveDisplayStatus, rankDisplay } from '#shared/slot-status';
import { ConflictError } from '#commons/errors';
import { config } from '#commons/config';
import { slotsStore, type SlotRankRow } from '../../storage/slots';
import type { Caller } from '../auth/tokens';
import { getSettings } from '../settings/settings-service';
import { ownersOf } from '../slots/slot-dto';
import { visibleSlots } from '../slots/slot-visibility';

/**
 * The ranking page. One read of the running slots' rank attributes (GSI2
 * `SLOTS#active`, projected: docs/data-model.md RK1) builds both tabs; the result is kept in this
 * process for CACHE_MS so many visitors cost one read a minute per warm Lambda. The cached lists
 * name everyone; each answer is then cut to what the caller may see (privacy in shared/schemas/ranking.ts).
 */
export const RANKING_CACHE_MS = 60_000;
/** Bound on one computation's read (rows of running slots). */
const MAX_ROWS = 100_000;

interface RankedSlot extends SlotRankRow {
  rank: number;
  improvement: number | null;
  change: number | null;
}
interface AdvertiserEntry {
  userId: string;
  userLogin: string;
  measuredAt: string | null;
  rankedSlots: number;
  averageRank: number;
  bestRank: number;
}
interface Computed {
  at: number;
  computedAt: string;
  improved: RankedSlot[];
  best: RankedSlot[];
  advertisers: AdvertiserEntry[];
  names: Map<string, string>;
}

const realRank = (rank: number | null | undefined): number | null =>
  rankDisplay(rank).kind === 'rank' ? (rank as number) : null;

// Kept with the table they were read from: one process may serve several tables (tests, benches).
let cached: (Computed & { table: string }) | undefined;
let computing: { table: string; result: Promise<Computed> } | undefined;

/** Tests and the settings switch: the next call reads again. */
export function invalidateRankingCache() {
  cached = undefined;
}

async function compute(): Promise<Computed> {
  const today = kstToday();
  const rows = await visibleSlots(await slotsStore.rankRowsByStatus('active', MAX_ROWS));
  const ranked: RankedSlot[] = [];
  for (const row of rows) {
    const rank = realRank(row.rank);
    if (rank === null || row.is_test || deriveDisplayStatus(row, today) !== 'active') continue;
    const first = realRank(row.first_rank);
    const yesterday = realRank(row.yesterday_rank);
    ranked.push({
      ...row,
      rank,
      improvement: first === null ? null : first - rank,
      change: yesterday === null ? null : yesterday - rank,
    });
  }
  const tie = (a: RankedSlot, b: RankedSlot) => a.slot_number - b.slot_number || a.id.localeCompare(b.id);
  const improved = ranked
    .filter((s) => s.improvement !== null && s.improvement > 0)
    .sort((a, b) => b.improvement! - a.improvement! || a.rank - b.rank || tie(a, b))
    .slice(0, RANKING_SIZE);
  const best = [...ranked]
    .sort((a, b) => a.rank - b.rank || (b.improvement ?? 0) - (a.improvement ?? 0) || tie(a, b))
    .slice(0, RANKING_SIZE);

  const byUser = new Map<string, { userLogin: string; ranks: number[]; measuredAt: string | null }>();
  for (const s of ranked) {
    const entry = byUser.get(s.userId) ?? { userLogin: s.userLogin, ranks: [], measuredAt: null };
    entry.ranks.push(s.rank);
    // The average is only as current as its oldest rank.
    const at = s.rank_measured_at ?? null;
    if (at && (!entry.measuredAt || at < entry.measuredAt)) entry.measuredAt = at;
    byUser.set(s.userId, entry);
  }
  const advertisers = [...byUser.entries()]
    .map(([userId, e]) => ({
      userId,
      userLogin: e.userLogin,
      measuredAt: e.measuredAt,
      rankedSlots: e.ranks.length,
      averageRank: Math.round((e.ranks.reduce((n, r) => n + r, 0) / e.ranks.length) * 10) / 10,
      bestRank: Math.min(...e.ranks),
    }))
    .sort(
      (a, b) =>
        a.averageRank - b.averageRank ||
        b.rankedSlots - a.rankedSlots ||
        a.bestRank - b.bestRank ||
        a.userId.localeCompare(b.userId),
    )
    .slice(0, RANKING_SIZE);

  // Names only of those listed (at most 3 × RANKING_SIZE owners), not of every advertiser.
  const owners = await ownersOf([...new Set([...improved, ...best, ...advertisers].map((x) => x.userId))]);
  const names = new Map([...owners].map(([id, u]) => [id, u.fullName || u.loginId]));
  return { at: Date.now(), computedAt: new Date().toISOString(), improved, best, advertisers, names };
}

async function current(): Promise<Computed> {
  if (!(await getSettings()).featureRanking) throw new ConflictError(rankingMessages.disabled);
  const table = config().tableName;
  if (cached?.table === table && Date.now() - cached.at < RANKING_CACHE_MS) return cached;
  // Concurrent misses share one computation.
  if (computing?.table !== table) {
    const run = { table, result: compute().finally(() => computing === run && (computing = undefined)) };
    computing = run;
  }
  cached = { ...(await computing.result), table };
  return cached;
}

/** '김철수' → '김**', 'ab' → 'a*': enough to tell entries apart, not to identify anyone. */
function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '광고주';
  return chars[0] + '*'.repeat(Math.max(1, Math.min(chars.length - 1, 4)));
}

function keywordItem(s: RankedSlot, i: number, caller: Caller, names: Map<string, string>): KeywordRankingItem {
  const staff = isStaff(caller.role);
  const mine = s.userId === caller.userId;
  const full = staff || mine;
  const name = names.get(s.userId) ?? s.userLogin;
  return {
    position: i + 1,
    keyword: s.keyword,
    rank: s.rank,
    rank_measured_at: s.rank_measured_at ?? null,
    yesterday_rank: realRank(s.yesterday_rank),
    first_rank: realRank(s.first_rank),
    improvement: s.improvement,
    change: s.change,
    advertiser: full ? name : maskName(name),
    mine,
    slotId: full ? s.id : null,
    slot_number: full ? s.slot_number : null,
    product_name: full ? s.product_name : null,
    thumbnail: full ? s.thumbnail : null,
    userLogin: staff ? s.userLogin : null,
  };
}

/** GET /api/ranking/keywords */
export async function keywordRanking(caller: Caller): Promise<KeywordRankingDto> {
  const c = await current();
  return {
    improved: c.improved.map((s, i) => keywordItem(s, i, caller, c.names)),
    best: c.best.map((s, i) => keywordItem(s, i, caller, c.names)),
    computedAt: c.computedAt,
  };
}

/** GET /api/ranking/advertisers */
export async function advertiserRanking(caller: Caller): Promise<AdvertiserRankingDto> {
  const c = await current();
  const staff = isStaff(caller.role);
  const items = c.advertisers.map((a, i): AdvertiserRankingItem => {
    const mine = a.userId === caller.userId;
    const name = c.names.get(a.userId) ?? a.userLogin;
    return {
      position: i + 1,
      advertiser: staff || mine ? name : maskName(name),
      mine,
      rankedSlots: a.rankedSlots,
      averageRank: a.averageRank,
      bestRank: a.bestRank,
      measured_at: a.measuredAt,
      userId: staff ? a.userId : null,
      userLogin: staff ? a.userLogin : null,
    };
  });
  return { items, computedAt: c.computedAt };
}
