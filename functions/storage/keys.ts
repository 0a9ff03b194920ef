/**
 * Every key of the single table is built here and nowhere else. docs/data-model.md lists the access
 * patterns these keys serve; test/integration/data-model.test.ts exercises each one.
 *
 * Conventions: entity type prefix + '#' + id; the sort key names the item kind; list indexes use
 * sortable ISO timestamps so newest-first is a reverse query.
 */
export type Key = { PK: string; SK: string };

export const keys = {
  // users
  user: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  /** GSI1: every user, by creation time (admin user list). */
  userListing: (createdAt: string, userId: string) => ({ GSI1PK: 'USERS', GSI1SK: `${createdAt}#${userId}` }),
  usersPartition: () => ({ GSI1PK: 'USERS' }),
  /** Uniqueness of the login id (case-insensitive), pointing at the user id. */
  loginName: (loginId: string): Key => ({ PK: `LOGIN#${loginId.toLowerCase()}`, SK: 'LOGIN' }),
  // user management (functions/storage/user-stats.ts, user-logs.ts)
  /** Users by status and role, kept in the same transaction as every create and change (GET /users/stats); sharded like slot counts. */
  userStatsShard: (shard: number): Key => ({ PK: 'COUNTERS', SK: shard === 0 ? 'USERCOUNTS' : `USERCOUNTS#${shard}` }),
  /** One line of what an operator did to a user, in the user's partition, oldest first. */
  userLog: (userId: string, createdAt: string, logId: string): Key => ({
    PK: `USER#${userId}`,
    SK: `USERLOG#${createdAt}#${logId}`,
  }),
  userLogPrefix: () => 'USERLOG#',

  // sessions
  refreshToken: (tokenHash: string): Key => ({ PK: `REFRESH#${tokenHash}`, SK: 'REFRESH' }),
  refreshFamily: (familyId: string): Key => ({ PK: `RFAMILY#${familyId}`, SK: 'RFAMILY' }),
  /** GSI1: one user's refresh families by start time (a password change ends the others). */
  refreshFamiliesOfUser: (userId: string, createdAt?: string, familyId?: string) => ({
    GSI1PK: `USERSESSIONS#${userId}`,
    ...(createdAt ? { GSI1SK: `${createdAt}#${familyId}` } : {}),
  }),
  loginThrottle: (scope: 'id-ip' | 'ip' | 'id' | 'code-id-ip' | 'code-ip' | 'code-id', value: string): Key => ({
    PK: `THROTTLE#login-${scope}#${value.toLowerCase()}`,
    SK: 'THROTTLE',
  }),

  // second factor (functions/storage/second-factors.ts, second-factor-challenges.ts)
  /** A user's TOTP secret (pending until its first code is confirmed), last accepted time step, recovery hashes. */
  secondFactor: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'SECONDFACTOR' }),
  /** The sign-in between a right password and its code: by the hash of the challenge handed out. */
  secondFactorChallenge: (challengeHash: string): Key => ({ PK: `SFCHALLENGE#${challengeHash}`, SK: 'CHALLENGE' }),

  /** One fixed window of a request rate limit (registration per address, charge requests per user …). */
  rateWindow: (scope: string, subject: string, windowStart: number): Key => ({
    PK: `RATE#${scope}#${subject.toLowerCase()}#${windowStart}`,
    SK: 'RATE',
  }),

  // settings and field configs (small, read whole)
  settingsPartition: () => ({ PK: 'SETTINGS' }),
  setting: (key: string): Key => ({ PK: 'SETTINGS', SK: key }),
  /** One logged settings change (who, when, old → new); the id is a ULID, so newest first = descending. */
  settingChange: (changeId: string): Key => ({ PK: 'SETTINGHIST', SK: changeId }),
  settingChangesPartition: () => ({ PK: 'SETTINGHIST' }),
  /** GSI1: the changes of one setting key, newest first (`?key=` on the history page). */
  settingChangesOfKey: (key: string, changeId?: string) => ({
    GSI1PK: `SETTINGHIST#${key}`,
    ...(changeId ? { GSI1SK: changeId } : {}),
  }),
  fieldConfigsPartition: () => ({ PK: 'FIELDCFG' }),
  fieldConfig: (fieldKey: string): Key => ({ PK: 'FIELDCFG', SK: fieldKey }),

  // realtime
  connection: (connectionId: string): Key => ({ PK: `CONN#${connectionId}`, SK: 'CONN' }),
  /** GSI1: a user's open WebSocket connections. */
  connectionsOfUser: (userId: string) => ({ GSI1PK: `USERCONN#${userId}` }),
  connectionOfUser: (userId: string, connectionId: string) => ({
    GSI1PK: `USERCONN#${userId}`,
    GSI1SK: connectionId,
  }),
  /** GSI2: every open connection of one audience: role-user accounts (broadcasts) or staff (operators and developers: chat). */
  connectionsOfAudience: (audience: 'users' | 'staff', connectionId?: string) => ({
    GSI2PK: `CONNS#${audience}`,
    ...(connectionId ? { GSI2SK: connectionId } : {}),
  }),

  // announcements (functions/storage/announcements.ts): few, human-written, read whole; ids are ULIDs so newest first = descending
  announcementsPartition: () => ({ PK: 'ANNS' }),
  announcement: (announcementId: string): Key => ({ PK: 'ANNS', SK: `ANN#${announcementId}` }),
  announcementPrefix: () => 'ANN#',
  /**
   * The management list's copy of one announcement (`id`, `title`, `author_name`, `category`,
   * `is_active`, `created_at`; no body), written in the same transaction as every create, update and delete.
   */
  announcementSummary: (announcementId: string): Key => ({ PK: 'ANNSUMS', SK: `ANN#${announcementId}` }),
  announcementSummariesPartition: () => ({ PK: 'ANNSUMS' }),
  /** The summaries' version (`v`), moved by every write of one: a process's copy of them is current while it holds. */
  announcementSummariesVersion: (): Key => ({ PK: 'ANNSUMS', SK: 'VERSION' }),
  /** One user opened one announcement: makes the view count once per user and `is_read`. */
  announcementRead: (userId: string, announcementId: string): Key => ({
    PK: `USER#${userId}`,
    SK: `ANNREAD#${announcementId}`,
  }),
  announcementReadPrefix: () => 'ANNREAD#',
  /** An image upload between the ticket and its confirmation (`status` pending → confirmed). */
  mediaUpload: (uploadId: string): Key => ({ PK: `MEDIAUP#${uploadId}`, SK: 'UPLOAD' }),

  // idempotency records for retried mutations
  idempotency: (scope: string, key: string): Key => ({ PK: `IDEM#${scope}#${key}`, SK: 'IDEM' }),

  // slots (functions/storage/slots.ts); a slot's logs and rank days live in its partition
  slot: (slotId: string): Key => ({ PK: `SLOT#${slotId}`, SK: 'SLOT' }),
  /** GSI1: one user's slots by registration time. */
  slotsOfUser: (userId: string, createdAt?: string, slotId?: string) => ({
    GSI1PK: `USERSLOTS#${userId}`,
    ...(createdAt ? { GSI1SK: `${createdAt}#${slotId}` } : {}),
  }),
  /** GSI2: every slot in one stored status by registration time (staff lists, the slot-status job). */
  slotsByStatus: (status: string, createdAt?: string, slotId?: string) => ({
    GSI2PK: `SLOTS#${status}`,
    ...(createdAt ? { GSI2SK: `${createdAt}#${slotId}` } : {}),
  }),
  /**
   * GSI3 (sparse: slots and the records named at GSI3 below): the staff search's index — every slot
   * by the time of its last write, spread over SLOT_SEARCH_SHARDS partitions by id. A searching
   * process loads every slot's searchable fields from it once, then reads only the slots written since.
   */
  slotSearch: (slotId: string, writtenAt?: string) => ({
    GSI3PK: slotSearchPartition(slotSearchShard(slotId)),
    ...(writtenAt ? { GSI3SK: `${writtenAt}#${slotId}` } : {}),
  }),
  /**
   * The staff search's snapshot (functions/storage/slot-search-snapshots.ts): the head names the newest
   * complete one; each snapshot's chunks sit in a partition of their own, numbered from 0.
   */
  slotSearchSnapshotHead: (): Key => ({ PK: 'SLOTSEARCHSNAP', SK: 'HEAD' }),
  slotSearchSnapshotChunk: (snapshotId: string, index: number): Key => ({
    PK: `SLOTSEARCHSNAP#${snapshotId}`,
    SK: `CHUNK#${String(index).padStart(4, '0')}`,
  }),
  slotLog: (slotId: string, createdAt: string, logId: string): Key => ({
    PK: `SLOT#${slotId}`,
    SK: `LOG#${createdAt}#${logId}`,
  }),
  slotLogPrefix: () => 'LOG#',
  /** One KST day of a slot's rank history (written by the rank recompute job). */
  slotRankDay: (slotId: string, day: string): Key => ({ PK: `SLOT#${slotId}`, SK: `RANK#${day}` }),
  slotRankDayPrefix: () => 'RANK#',
  /** Slot counts by stored status, held count and the slot-number sequence of one user; and global. */
  slotCountsOfUser: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'SLOTCOUNTS' }),
  /**
   * Global slot counts are spread over shards (each write picks one, readers sum them all), so
   * registrations of different users never contend on one counter item.
   */
  slotCountsGlobalShard: (shard: number): Key => ({
    PK: 'COUNTERS',
    SK: shard === 0 ? 'SLOTCOUNTS' : `SLOTCOUNTS#${shard}`,
  }),
  /** One user's ticket line for writes that contend on the user's balance and counters. */
  userWriteTurns: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'WRITETURNS' }),
  /** A committed bulk registration: its slots `{bulkId}{attempt}{index}` exist once this names their attempt. */
  slotBulk: (bulkId: string): Key => ({ PK: `SLOTBULK#${bulkId}`, SK: 'BULK' }),

  // slot allocations (pre-allocation issuance history, functions/storage/slot-allocations.ts)
  /** One operator issuance of empty slots: who, to whom, how many, payment flag. */
  slotAllocation: (allocationId: string): Key => ({ PK: `SLOTALLOC#${allocationId}`, SK: 'ALLOC' }),
  /** GSI1: every issuance by time (the history page, newest first; `dateFrom` = a key range). */
  slotAllocationListing: (createdAt?: string, allocationId?: string) => ({
    GSI1PK: 'SLOTALLOCS',
    ...(createdAt ? { GSI1SK: `${createdAt}#${allocationId}` } : {}),
  }),
  /** GSI2: one user's issuances by time (`?userId=`). */
  slotAllocationsOfUser: (userId: string, createdAt?: string, allocationId?: string) => ({
    GSI2PK: `SLOTALLOCS#${userId}`,
    ...(createdAt ? { GSI2SK: `${createdAt}#${allocationId}` } : {}),
  }),
  /** GSI3 (sparse: issuances only): one operator's issuances by time (`?operatorId=`). */
  slotAllocationsOfOperator: (operatorId: string, createdAt?: string, allocationId?: string) => ({
    GSI3PK: `SLOTALLOCS#OP#${operatorId}`,
    ...(createdAt ? { GSI3SK: `${createdAt}#${allocationId}` } : {}),
  }),
  /** How many issuances there are (`n`), all or one operator's, moved in each issuance's transaction. */
  slotAllocationCount: (operatorId?: string): Key => ({
    PK: operatorId ? `SLOTALLOCS#OP#${operatorId}` : 'SLOTALLOCS',
    SK: 'COUNT',
  }),
  /**
   * How many issuances were made on one KST day (`n`), all or one operator's, moved in each issuance's
   * transaction: a period's total is one Query of these (a day's item per day, not the issuances).
   */
  slotAllocationDayCount: (operatorId: string | undefined, day: string): Key => ({
    PK: operatorId ? `SLOTALLOCS#OP#${operatorId}` : 'SLOTALLOCS',
    SK: `DAY#${day}`,
  }),
  /** An extension slot created from a slot of this issuance (GET /slots/by-allocation lists them too). */
  slotAllocationExtension: (allocationId: string, slotId: string): Key => ({
    PK: `SLOTALLOC#${allocationId}`,
    SK: `EXT#${slotId}`,
  }),
  slotAllocationExtensionPrefix: () => 'EXT#',

  // rank tracking (functions/storage/rank-*.ts)
  /** A rank-check worker API key, found by the sha256 of the key itself (the only lookup a request makes). */
  rankWorkerKey: (keyHash: string): Key => ({ PK: `RANKKEY#${keyHash}`, SK: 'RANKKEY' }),
  /** GSI1: every worker key by creation time (the developer's panel; a handful of items). */
  rankWorkerKeyListing: (createdAt?: string, keyId?: string) => ({
    GSI1PK: 'RANKKEYS',
    ...(createdAt ? { GSI1SK: `${createdAt}#${keyId}` } : {}),
  }),
  /** One check of a (keyword, product) pair, in the pair's partition of that KST day: idempotent per (pair, observedAt). */
  rankObservation: (pairId: string, day: string, observedAt: string): Key => ({
    PK: `RANKOBS#${pairId}#${day}`,
    SK: observedAt,
  }),
  rankObservationsOfDay: (pairId: string, day: string) => ({ PK: `RANKOBS#${pairId}#${day}` }),
  /** A pair with a valid (found / not found) check on a KST day: the work list leaves it out. */
  rankChecked: (day: string, pairId: string): Key => ({ PK: `RANKCHECKED#${day}`, SK: pairId }),
  rankCheckedOfDay: (day: string) => ({ PK: `RANKCHECKED#${day}` }),
  /** A worker's lease on a pair for a KST day (functions/storage/rank-leases.ts): one day's leases in pair-id order. */
  rankLease: (day: string, pairId: string): Key => ({ PK: `RANKLEASE#${day}`, SK: pairId }),
  rankLeasesOfDay: (day: string) => ({ PK: `RANKLEASE#${day}` }),
  /** A check posted by a worker that held no live lease on its pair: one item per check, so a resend counts once. */
  rankUnleasedCheck: (day: string, pairId: string, observedAt: string): Key => ({
    PK: `RANKUNLEASED#${day}`,
    SK: `${pairId}#${observedAt}`,
  }),
  rankUnleasedChecksOfDay: (day: string) => ({ PK: `RANKUNLEASED#${day}` }),
  /** A pair's summary of one KST day (latest valid rank, min/avg/max): the next day's prev/yesterday rank. */
  rankPairDay: (pairId: string, day: string): Key => ({ PK: `RANKPAIR#${pairId}`, SK: `DAY#${day}` }),
  /** A pair's impressions and clicks of one KST day, as a worker last reported them. */
  rankPairMetrics: (pairId: string, day: string): Key => ({ PK: `RANKPAIR#${pairId}`, SK: `METRICS#${day}` }),
  /** The recompute job's state: the last KST day it closed and its last run. */
  rankJobState: (): Key => ({ PK: 'RANKJOB', SK: 'STATE' }),
  /** One run of the recompute job: its units (pair-id ranges), which are done, and their results. */
  rankRecomputeRun: (runId: string): Key => ({ PK: `RANKRUN#${runId}`, SK: 'RUN' }),
  /** GSI1: recompute runs by planning time (the operations screen's latest runs; kept a week). */
  rankRecomputeRunListing: (plannedAt?: string, runId?: string) => ({
    GSI1PK: 'RANKRUNS',
    ...(plannedAt ? { GSI1SK: `${plannedAt}#${runId}` } : {}),
  }),
  /** One KST day's check counts (coverage): every day in one partition, so 14 days are one query. */
  rankOpsDay: (day: string): Key => ({ PK: 'RANKOPS#DAYS', SK: day }),
  rankOpsDays: () => ({ PK: 'RANKOPS#DAYS' }),
  /** Checks received in one ten-minute window (UTC `yyyy-MM-ddTHH:m0`): the failure alert's last hour. */
  rankOpsWindow: (window: string): Key => ({ PK: 'RANKOPS#WINDOWS', SK: window }),
  rankOpsWindows: () => ({ PK: 'RANKOPS#WINDOWS' }),
  /** One worker key's checks of one KST day. */
  rankOpsKeyDay: (day: string, keyId: string): Key => ({ PK: `RANKOPS#KEYS#${day}`, SK: keyId }),
  rankOpsKeysOfDay: (day: string) => ({ PK: `RANKOPS#KEYS#${day}` }),
  /** One rank alert rule's state (firing or not, since when, last notified). */
  rankOpsAlert: (rule: string): Key => ({ PK: 'RANKOPS#ALERTS', SK: rule }),
  rankOpsAlerts: () => ({ PK: 'RANKOPS#ALERTS' }),

  // cash (functions/storage/ledger.ts, functions/storage/charge-requests.ts)
  /** A user's balance: amount, entry sequence and per-type entry counts. */
  cashBalance: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'CASH#BALANCE' }),
  /** Immutable ledger entries, numbered by the balance's sequence (newest = highest). */
  ledgerEntry: (userId: string, seq: number): Key => ({
    PK: `USER#${userId}`,
    SK: `CASH#LEDGER#${String(seq).padStart(12, '0')}`,
  }),
  ledgerPrefix: () => 'CASH#LEDGER#',
  /** GSI1: a user's ledger entries of one type (`?type=`), by sequence. */
  ledgerByType: (userId: string, type: string, seq?: number) => ({
    GSI1PK: `LEDGER#${userId}#${type}`,
    ...(seq === undefined ? {} : { GSI1SK: String(seq).padStart(12, '0') }),
  }),
  chargeRequest: (chargeId: string): Key => ({ PK: `CHARGE#${chargeId}`, SK: 'CHARGE' }),
  /** GSI1: one user's charge requests, newest first. */
  chargeRequestsOfUser: (userId: string, createdAt?: string, chargeId?: string) => ({
    GSI1PK: `USERCHARGES#${userId}`,
    ...(createdAt ? { GSI1SK: `${createdAt}#${chargeId}` } : {}),
  }),
  /** GSI2: every charge request in one status, newest first (operator list). */
  chargeRequestsByStatus: (status: string, createdAt?: string, chargeId?: string) => ({
    GSI2PK: `CHARGES#${status}`,
    ...(createdAt ? { GSI2SK: `${createdAt}#${chargeId}` } : {}),
  }),
  /** Charge request counts by status: one per user and one global (dashboard). */
  chargeCountsOfUser: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'CASH#CHARGECOUNTS' }),
  chargeCountsGlobal: (): Key => ({ PK: 'COUNTERS', SK: 'CASH#CHARGECOUNTS' }),
};

/**
 * Notifications (functions/storage/notifications/), an object of their own so functions
 * that never notify bundle none of them. Ids are the send's group id (a ULID): one send reaches each
 * recipient once, so a recipient's item is keyed by it and newest first = descending.
 */
export const notificationKeys = {
  /** A notification sent to one user, in the recipient's partition. */
  notification: (userId: string, notificationId: string): Key => ({
    PK: `USER#${userId}`,
    SK: `NOTIF#${notificationId}`,
  }),
  notificationPrefix: () => 'NOTIF#',
  /** A broadcast ('all'), stored once for everyone. */
  broadcast: (notificationId: string): Key => ({ PK: 'NOTIFALL', SK: `NOTIF#${notificationId}` }),
  broadcastsPartition: () => ({ PK: 'NOTIFALL' }),
  /** One user's read / dismiss / delete state of one broadcast, created when the user first acts on it. */
  broadcastState: (userId: string, notificationId: string): Key => ({
    PK: `USER#${userId}`,
    SK: `NOTIFSTATE#${notificationId}`,
  }),
  broadcastStatePrefix: () => 'NOTIFSTATE#',
  /** A user's badge counters: direct unread, broadcasts read or deleted, broadcasts sent before the account. */
  notificationCounts: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'NOTIFCOUNTS' }),
  /** How many broadcasts were ever sent (each user's broadcast unread = this − their base − their seen). */
  broadcastCounter: (): Key => ({ PK: 'COUNTERS', SK: 'NOTIFALL' }),
  /** One send (operator or feature): recipients, read count; the operator history reads these only. */
  notificationSend: (groupId: string): Key => ({ PK: `NOTIFSEND#${groupId}`, SK: 'SEND' }),
  /** GSI1: every send by time (the operator history, newest first; a date filter is a key range). */
  notificationSendListing: (createdAt?: string, groupId?: string) => ({
    GSI1PK: 'NOTIFSENDS',
    ...(createdAt ? { GSI1SK: `${createdAt}#${groupId}` } : {}),
  }),
  /** A caller's dedupe key → the send it made (a retried feature never notifies twice). */
  notificationDedupe: (dedupeKey: string): Key => ({ PK: `NOTIFDEDUPE#${dedupeKey}`, SK: 'DEDUPE' }),
};

/**
 * Support chat (functions/storage/chat/), an object of its own so functions that never chat
 * bundle none of it. A room's messages live in the room's partition under time-ordered ULID keys, so a
 * page newest-first is one reverse query and `after` a key range.
 */
export const chatKeys = {
  room: (roomId: string): Key => ({ PK: `CHATROOM#${roomId}`, SK: 'ROOM' }),
  /** GSI1: every room by last activity (the operator inbox, newest first). */
  roomListing: (activityAt?: string, roomId?: string) => ({
    GSI1PK: 'CHATROOMS',
    ...(activityAt ? { GSI1SK: `${activityAt}#${roomId}` } : {}),
  }),
  /** GSI2: the rooms of one status by last activity (`?status=` in the inbox). */
  roomsByStatus: (status: string, activityAt?: string, roomId?: string) => ({
    GSI2PK: `CHATROOMS#${status}`,
    ...(activityAt ? { GSI2SK: `${activityAt}#${roomId}` } : {}),
  }),
  /**
   * GSI3 (sparse): the rooms with user messages no operator has read, by last activity (`unread=true`).
   * Only such a room holds these attributes: one partition, as a user's message reopens its room, so
   * unread rooms are nearly all active and a status filter within it reads few others.
   */
  unreadRooms: (activityAt?: string, roomId?: string) => ({
    GSI3PK: 'CHATROOMS#UNREAD',
    ...(activityAt ? { GSI3SK: `${activityAt}#${roomId}` } : {}),
  }),
  /**
   * One suffix of a room's user name (lowercased, cut to its first characters), filed under its
   * first character: every room whose name contains a search is under `CHATNAME#{its first
   * character}` with a sort key that begins with the search (the inbox's search by part of a name).
   */
  roomNameSuffix: (suffix: string, roomId: string): Key => ({
    PK: `CHATNAME#${Array.from(suffix)[0]}`,
    SK: `${suffix}#${roomId}`,
  }),
  roomNameSuffixes: (search: string) => ({ PK: `CHATNAME#${Array.from(search)[0]}` }),
  /** One message, in its room's partition; the id is a ULID, so key order = time order. */
  message: (roomId: string, messageId: string): Key => ({ PK: `CHATROOM#${roomId}`, SK: `MSG#${messageId}` }),
  messagesOfRoom: (roomId: string) => ({ PK: `CHATROOM#${roomId}` }),
  messagePrefix: () => 'MSG#',
  /** A user's one room (its id): created with the room in one transaction, so a user never gets two. */
  roomOfUser: (userId: string): Key => ({ PK: `USER#${userId}`, SK: 'CHATROOM' }),
  /** Staff-wide counters kept in the same transaction as what they count: unread user messages, rooms by status. */
  counters: (): Key => ({ PK: 'COUNTERS', SK: 'CHAT' }),
  /** The operators' canned replies: one stored list. */
  cannedReplies: (): Key => ({ PK: 'CHATCANNED', SK: 'LIST' }),
};

/** TTL attribute value: epoch seconds. */
export const ttlIn = (seconds: number, from = Date.now()) => Math.floor(from / 1000) + seconds;

/** DynamoDB deletes expired items late (DynamoDB Local never): readers must check. */
export const isExpired = (item: { ttl?: number } | undefined, now = Date.now()) =>
  !!item?.ttl && item.ttl * 1000 <= now;

/** Partitions of the slot search index: writes of many slots spread over them, a load reads them all at once. */
export const SLOT_SEARCH_SHARDS = 8;
export const slotSearchPartition = (shard: number) => `SLOTSEARCH#${shard}`;
/** A slot's search partition: a fixed hash of its id (FNV-1a), the same in every process. */
export function slotSearchShard(slotId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < slotId.length; i++) h = Math.imul(h ^ slotId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % SLOT_SEARCH_SHARDS;
}

/** An item without its key and index attributes: what a record type holds. */
export function stripKeys<T>(item: Record<string, unknown>): T {
  const { PK, SK, GSI1PK, GSI1SK, GSI2PK, GSI2SK, GSI3PK, GSI3SK, entity, ...rest } = item;
  return rest as T;
}
