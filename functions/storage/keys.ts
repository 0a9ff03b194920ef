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

  // sessions
  refreshToken: (tokenHash: string): Key => ({ PK: `REFRESH#${tokenHash}`, SK: 'REFRESH' }),
  refreshFamily: (familyId: string): Key => ({ PK: `RFAMILY#${familyId}`, SK: 'RFAMILY' }),
  loginThrottle: (scope: 'id' | 'ip', value: string): Key => ({
    PK: `THROTTLE#login-${scope}#${value.toLowerCase()}`,
    SK: 'THROTTLE',
  }),

  // settings and field configs (small, read whole)
  settingsPartition: () => ({ PK: 'SETTINGS' }),
  setting: (key: string): Key => ({ PK: 'SETTINGS', SK: key }),
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

  // idempotency records for retried mutations
  idempotency: (scope: string, key: string): Key => ({ PK: `IDEM#${scope}#${key}`, SK: 'IDEM' }),
};

/** TTL attribute value: epoch seconds. */
export const ttlIn = (seconds: number, from = Date.now()) => Math.floor(from / 1000) + seconds;

/** DynamoDB deletes expired items late (DynamoDB Local never): readers must check. */
export const isExpired = (item: { ttl?: number } | undefined, now = Date.now()) =>
  !!item?.ttl && item.ttl * 1000 <= now;
