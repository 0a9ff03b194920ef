import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable, startDynamoDbLocal } from '../../infra/local/dynamodb-local';
import { createTableInput } from '../../infra/table';

/**
 * `npm start` on data of an earlier version: the table lacks an index the definition gained since
 * (as the deployed table gets it through a CloudFormation update). ensureTable adds it, built from
 * the items already there. As `npm start` does, DynamoDB Local keeps its data in a directory and is
 * started again over it (its own instance: the suite's shared in-memory one holds hundreds of tables).
 */
const clientOf = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

describe('the local table on data of an earlier version', () => {
  it('gets the indexes the definition gained, over the items already stored, once', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'simple-slot-old-data-'));
    const name = `t-old-${randomUUID()}`;
    const full = createTableInput(name);
    const older = {
      ...full,
      GlobalSecondaryIndexes: full.GlobalSecondaryIndexes.filter((g) => g.IndexName !== 'GSI3'),
      AttributeDefinitions: full.AttributeDefinitions.filter((a) => !a.AttributeName.startsWith('GSI3')),
    };
    try {
      // The earlier version wrote its table and an item, then stopped.
      const before = await startDynamoDbLocal({ dataDir });
      const oldClient = clientOf(before.endpoint);
      try {
        await oldClient.send(new CreateTableCommand(older));
        await DynamoDBDocumentClient.from(oldClient).send(
          new PutCommand({ TableName: name, Item: { PK: 'A', SK: 'A', GSI3PK: 'P', GSI3SK: '1', v: 'stored before' } }),
        );
      } finally {
        oldClient.destroy();
        await before.stop();
      }

      // This version starts over the same data.
      const after = await startDynamoDbLocal({ dataDir });
      const client = clientOf(after.endpoint);
      try {
        expect(await ensureTable(after.endpoint, name)).toBe('added GSI3');
        const out = await DynamoDBDocumentClient.from(client).send(
          new QueryCommand({
            TableName: name,
            IndexName: 'GSI3',
            KeyConditionExpression: 'GSI3PK = :p',
            ExpressionAttributeValues: { ':p': 'P' },
          }),
        );
        expect(out.Items?.map((i) => i.v)).toEqual(['stored before']);
        expect(await ensureTable(after.endpoint, name)).toBe('existing');
      } finally {
        client.destroy();
        await after.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
