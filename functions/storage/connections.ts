import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { isExpired, keys, ttlIn } from './keys';
import type { Role } from '#shared/roles';

/** Open WebSocket connections; each carries a TTL so a lost $disconnect cleans itself up. */
export interface ConnectionRecord {
  connectionId: string;
  userId: string;
  role: Role;
  connectedAt: string;
  ttl: number;
}

const CONNECTION_TTL_SECONDS = 3 * 3600; // API Gateway closes sockets after 2 h anyway

export const connectionsStore = {
  async add(connectionId: string, userId: string, role: Role): Promise<void> {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.connection(connectionId),
          ...keys.connectionOfUser(userId, connectionId),
          entity: 'connection',
          connectionId,
          userId,
          role,
          connectedAt: new Date().toISOString(),
          ttl: ttlIn(CONNECTION_TTL_SECONDS),
        },
      }),
    );
  },

  async remove(connectionId: string): Promise<void> {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.connection(connectionId) }));
  },

  async ofUser(userId: string): Promise<ConnectionRecord[]> {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.connectionsOfUser(userId).GSI1PK },
      }),
    );
    return ((out.Items ?? []) as ConnectionRecord[]).filter((c) => !isExpired(c));
  },
};
