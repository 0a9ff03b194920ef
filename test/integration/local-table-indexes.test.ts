import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
} from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../infra/local/dynamodb-local';
import { createTableInput, tableDefinition } from '../../infra/table';

/**
 * `npm start` keeps its table in `.data/`: a table made before an index joined the definition gets
 * it at the next start, filled from the items already there (the chat inbox's unread index, GSI3).
 */
const client = new DynamoDBClient({
  endpoint: inject('dynamoEndpoint'),
  region: 'local',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const tableName = `t-${randomUUID()}`;
afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  client.destroy();
});

describe('local table', () => {
  it('gains an index the definition has and the kept table lacks, with the items it already held', async () => {
    const full = createTableInput(tableName);
    const last = tableDefinition.globalSecondaryIndexes.at(-1)!;
    const older = {
      ...full,
      GlobalSecondaryIndexes: full.GlobalSecondaryIndexes.filter((g) => g.IndexName !== last.indexName),
      AttributeDefinitions: full.AttributeDefinitions.filter(
        (a) => a.AttributeName !== last.partitionKey && a.AttributeName !== last.sortKey,
      ),
    };
    await client.send(new CreateTableCommand(older));
    await client.send(
      new PutItemCommand({
        TableName: tableName,
        Item: {
          PK: { S: 'CHATROOM#1' },
          SK: { S: 'ROOM' },
          [last.partitionKey]: { S: 'CHATROOMS#UNREAD' },
          [last.sortKey]: { S: '2026-11-26T00:00:00.000Z#1' },
        },
      }),
    );

    expect(await ensureTable(inject('dynamoEndpoint'), tableName)).toBe('indexes added');
    const out = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: last.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': last.partitionKey },
        ExpressionAttributeValues: { ':pk': { S: 'CHATROOMS#UNREAD' } },
      }),
    );
    expect(out.Items?.map((i) => i.PK.S)).toEqual(['CHATROOM#1']);
    expect(await ensureTable(inject('dynamoEndpoint'), tableName)).toBe('existing');
  });
});
