/**
 * Usage assumptions of the cost model: how many people use the product how much. These are stated,
 * not measured; everything a call consumes comes from the bench (figures.ts). Change a row and run
 * `npm run cost`.
 */
export interface SizeAssumption {
  label: string;
  slots: number;
  advertisers: number;
  operators: number;
  /** Pages shown per day (advertisers and operators), SPA navigations included. */
  pageViewsPerDay: number;
  /** API calls a page view makes on average (the list, counters, badges). */
  apiCallsPerPage: number;
  /** Share of page views that load the app from CloudFront (a new tab, a reload); the rest are SPA navigations. */
  fullLoadShare: number;
  /** Hours of open sockets per day, all users (a signed-in tab holds one). */
  socketHoursPerDay: number;
  signInsPerDay: number;
  /** WebSocket pushes per day besides broadcasts: direct notifications, chat messages and reads, badges. */
  pushMessagesPerDay: number;
  broadcastsPerMonth: number;
  /** Sockets open when a broadcast goes out (each gets the broadcast's posts). */
  socketsOnlineAtBroadcast: number;
  /** Rank checks of each (keyword, product) pair per day by the workers. */
  checksPerPairPerDay: number;
  /** Announcement images stored, GB. */
  mediaGb: number;
  /** Table storage per slot (slot, rank days, observations kept, ledger and notifications share), KB. */
  storedKbPerSlot: number;
}

export const sizes: readonly SizeAssumption[] = [
  {
    label: '1,000 slots',
    slots: 1_000,
    advertisers: 50,
    operators: 2,
    pageViewsPerDay: 1_000,
    apiCallsPerPage: 4,
    fullLoadShare: 0.2,
    socketHoursPerDay: 150,
    signInsPerDay: 60,
    pushMessagesPerDay: 300,
    broadcastsPerMonth: 8,
    socketsOnlineAtBroadcast: 25,
    checksPerPairPerDay: 12,
    mediaGb: 1,
    storedKbPerSlot: 50,
  },
  {
    label: '20,000 slots',
    slots: 20_000,
    advertisers: 1_000,
    operators: 10,
    pageViewsPerDay: 20_000,
    apiCallsPerPage: 4,
    fullLoadShare: 0.2,
    socketHoursPerDay: 3_000,
    signInsPerDay: 1_200,
    pushMessagesPerDay: 6_000,
    broadcastsPerMonth: 20,
    socketsOnlineAtBroadcast: 500,
    checksPerPairPerDay: 12,
    mediaGb: 5,
    storedKbPerSlot: 50,
  },
  {
    label: '100,000 slots',
    slots: 100_000,
    advertisers: 10_000,
    operators: 40,
    pageViewsPerDay: 150_000,
    apiCallsPerPage: 4,
    fullLoadShare: 0.2,
    socketHoursPerDay: 25_000,
    signInsPerDay: 12_000,
    pushMessagesPerDay: 50_000,
    broadcastsPerMonth: 30,
    socketsOnlineAtBroadcast: 5_000,
    checksPerPairPerDay: 12,
    mediaGb: 20,
    storedKbPerSlot: 50,
  },
];

/** Model-wide assumptions (the same at every size). */
export const common = {
  daysPerMonth: 30,
  /** Invocations that start a new instance (init billed since 2025-08 for on-demand functions). */
  coldStartShare: 0.005,
  /** Bytes Lambda itself logs per invocation: START, END and REPORT lines (with the X-Ray trace id). */
  platformLogBytesPerInvocation: 400,
  /** Asset requests that miss CloudFront's cache and reach the SPA bucket. */
  cacheMissShare: 0.02,
  /** The SPA bucket's size (web/dist), GB. */
  spaGb: 0.01,
  /** X-Ray's default sampling rule: the first request each second, then this share of the rest. */
  xraySampledShare: 0.05,
} as const;
