/**
 * GET /api/ranking/keywords and /api/ranking/advertisers: real ranks of running
 * slots, never samples. Only slots that run today (display status active, not test slots) with a
 * real rank (1…500; 0, 999 and missing are left out) count.
 *
 * Privacy: operators and developers see advertisers' names and login ids and every slot's product
 * name; an ordinary user sees other advertisers only as a masked name ('김**') with the keyword and
 * ranks (no product name, thumbnail, URL or id), and their own entries in full, marked `mine`.
 */
export interface KeywordRankingItem {
  position: number;
  keyword: string;
  rank: number;
  /** When the rank was measured (ISO; null: not recorded). Old past `rankDelayHours`: shown as '측정 지연'. */
  rank_measured_at: string | null;
  yesterday_rank: number | null;
  first_rank: number | null;
  /** Places gained since the first measured rank (first_rank − rank); null without a first rank. */
  improvement: number | null;
  /** Places gained since yesterday (yesterday_rank − rank); null without a comparable rank. */
  change: number | null;
  advertiser: string;
  mine: boolean;
  /** Only on the caller's own slots and for staff. */
  slotId: string | null;
  slot_number: number | null;
  product_name: string | null;
  thumbnail: string | null;
  /** Staff only. */
  userLogin: string | null;
}

export interface KeywordRankingDto {
  /** Biggest improvement since the first measured rank, then the better current rank. */
  improved: KeywordRankingItem[];
  /** Best current rank, then the bigger improvement. */
  best: KeywordRankingItem[];
  /** When the ranking was computed (it is cached for up to a minute). */
  computedAt: string;
}

export interface AdvertiserRankingItem {
  position: number;
  advertiser: string;
  mine: boolean;
  /** Running slots with a real rank that the average is taken over. */
  rankedSlots: number;
  /** Average current rank, one decimal. */
  averageRank: number;
  bestRank: number;
  /** The oldest measured time among the ranks averaged (ISO; null: none recorded): the average is as current as that. */
  measured_at: string | null;
  /** Staff only. */
  userId: string | null;
  userLogin: string | null;
}

export interface AdvertiserRankingDto {
  items: AdvertiserRankingItem[];
  computedAt: string;
}

/** Entries per list. */
export const RANKING_SIZE = 50;
