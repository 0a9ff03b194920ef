import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { queryAll, queryPages } from './item-io';
import { isExpired, keys, ttlIn } from './keys';
import type { Role } from '#shared/roles';

/** Open WebSocket connections; each carries a TTL so a lost $disconnect cleans itself up. */
export interface ConnectionRecord {
  connectionId: string;
  userId: string;
  role: Role;
  /** The session (refresh family) whose access token opened it: its end closes the socket. */
  sessionId?: string;
  /** The developer acting as `userId` through user-switch. */
  actorId?: string | null;
  connectedAt: string;
  ttl: number;
}

/** Who a connection belongs to, for pushes to many: role-user accounts (broadcasts) or staff (chat inbox). */
export type ConnectionAudience = 'users' | 'staff';
const audienceOf = (role: Role): ConnectionAudience => (role === 'user' ? 'users' : 'staff');

const CONNECTION_TTL_SECONDS = 3 * 3600; // API Gateway closes sockets after 2 h anyway

export const connectionsStore = {
  async remove(connectionId: string): Promise<void> {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.connection(connectionId) }));
  },

  async ofUser(userId: string): Promise<ConnectionRecord[]> {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.connectionsOfUser(userId).GSI1PK },
    });
    return (items as unknown as ConnectionRecord[]).filter((c) => !isExpired(c));
  },
};

/** A socket that passed $connect (the WebSocket function only). */
export const connectionOpeningsStore = {
  async add(
    connectionId: string,
    userId: string,
    role: Role,
    session: { sessionId: string; actorId: string | null } = { sessionId: '', actorId: null },
  ): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.connection(connectionId),
          ...keys.connectionOfUser(userId, connectionId),
          ...keys.connectionsOfAudience(audienceOf(role), connectionId),
          entity: 'connection',
          connectionId,
          userId,
          role,
          sessionId: session.sessionId,
          actorId: session.actorId,
          connectedAt: new Date().toISOString(),
          ttl: ttlIn(CONNECTION_TTL_SECONDS),
        },
      }),
    );
  },
};

/** Pushes to many (broadcasts, the staff inbox): apart, so functions that push to named users never bundle it. */
export const connectionAudiencesStore = {
  /** Every open connection of an audience, a page at a time (a broadcast pushes while it reads). */
  async *ofAudience(audience: ConnectionAudience, pageSize = 500): AsyncGenerator<ConnectionRecord[]> {
    const pages = queryPages({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.connectionsOfAudience(audience).GSI2PK },
      ProjectionExpression: 'connectionId, userId, #role, sessionId, actorId, connectedAt, #ttl',
      ExpressionAttributeNames: { '#role': 'role', '#ttl': 'ttl' },
      Limit: pageSize,
    });
    for await (const out of pages) {
      const page = ((out.Items ?? []) as ConnectionRecord[]).filter((c) => !isExpired(c));
      if (page.length) yield page;
    }
  },

  /** One page of an audience's connections from `cursor` (a queued delivery reads one page per message). */
  async pageOfAudience(
    audience: ConnectionAudience,
    cursor: Record<string, unknown> | undefined,
    pageSize: number,
  ): Promise<{ connections: ConnectionRecord[]; next?: Record<string, unknown> }> {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.connectionsOfAudience(audience).GSI2PK },
        ProjectionExpression: 'connectionId, userId, #role, #ttl',
        ExpressionAttributeNames: { '#role': 'role', '#ttl': 'ttl' },
        Limit: pageSize,
        ExclusiveStartKey: cursor,
      }),
    );
    return {
      connections: ((out.Items ?? []) as ConnectionRecord[]).filter((c) => !isExpired(c)),
      next: out.LastEvaluatedKey,
    };
  },
};
