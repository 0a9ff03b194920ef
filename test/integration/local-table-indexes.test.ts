import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '../../infra/local/dynamodb-local';
import { createTableInput } from '../../infra/table';

/**
 * `npm start` on data of an earlier version: the table lacks an index the definition gained since
 * (as the deployed table gets it through a CloudFormation update). ensureTable adds it, built from
 * the items already there.
 */
describe('the local table on data of an earlier version', () => {
  it('gets the indexes the definition gained, over the items already stored, once', { timeout: 90_000 }, async () => {
    const endpoint = inject('dynamoEndpoint');
    const client = new DynamoDBClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const doc = DynamoDBDocumentClient.from(client);
    const name = `t-old-${randomUUID()}`;
    const full = createTableInput(name);
    const older = {
      ...full,
      GlobalSecondaryIndexes: full.GlobalSecondaryIndexes.filter((g) => g.IndexName !== 'GSI3'),
      AttributeDefinitions: full.AttributeDefinitions.filter((a) => !a.AttributeName.startsWith('GSI3')),
    };
    try {
      await client.send(new CreateTableCommand(older));
      await doc.send(
        new PutCommand({ TableName: name, Item: { PK: 'A', SK: 'A', GSI3PK: 'P', GSI3SK: '1', v: 'stored before' } }),
      );

      expect(await ensureTable(endpoint, name)).toBe('added GSI3');
      const out = await doc.send(
        new QueryCommand({
          TableName: name,
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :p',
          ExpressionAttributeValues: { ':p': 'P' },
        }),
      );
      expect(out.Items?.map((i) => i.v)).toEqual(['stored before']);
      expect(await ensureTable(endpoint, name)).toBe('existing');
    } finally {
      await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
      client.destroy();
    }
  });
});
