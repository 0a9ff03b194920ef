import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkRestoredTable, exportTable, exportedIds, restoreTable } from '../../infra/local/restore-drill';
import { keys } from '../../functions/storage/keys';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount, row } from '../support/slots';

/**
 * The restore drill (npm run restore-drill) on a populated table: charges, purchases, a rejection's
 * refund and an operator's refund. The copy in a fresh table must hold every balance equal to its
 * ledger and every slot readable, and the product run on it must answer as it did before.
 */
let stack: LocalStack;
beforeAll(async () => {
  stack = await startLocalStack({ web: false });
});
afterAll(async () => {
  process.env.TABLE_NAME = stack?.tableName;
  await stack?.stop();
});

it('restores a populated table into a fresh one: every balance equals its ledger, every slot reads', async () => {
  const api = apiClient(stack.url);
  const operator = await newAccount(stack, { role: 'operator' });
  const owners = await Promise.all([1, 2, 3].map((n) => newAccount(stack, { balance: 200_000 + n * 10_000 })));
  let n = 0;
  for (const owner of owners) {
    for (let i = 0; i < 2; i++) {
      const res = await api.call('POST', '/api/slots', { token: owner.token, body: row(++n) });
      expect(res.status).toBe(201);
    }
  }
  const [first, second] = (await api.call('GET', '/api/slots', { token: owners[0].token })).body.data.items;
  const decide = (id: string, body: object) =>
    api.call('POST', `/api/slots/${id}/approve`, { token: operator.token, body });
  expect((await decide(first.id, { approved: false, rejectionReason: '복구 훈련' })).status).toBe(200);
  expect((await decide(second.id, { approved: true })).status).toBe(200);
  const refunded = await api.call('PATCH', `/api/slots/${second.id}/status`, {
    token: operator.token,
    body: { status: 'refunded', refundReason: '복구 훈련' },
  });
  expect(refunded.status).toBe(200);

  const before = await Promise.all(
    owners.map(async (o) => ({
      balance: (await api.call('GET', '/api/cash/balance', { token: o.token })).body.data.amount,
      slots: (await api.call('GET', '/api/slots', { token: o.token })).body.data.items.map((s: any) => s.id).sort(),
    })),
  );

  const file = join(mkdtempSync(join(tmpdir(), 'simple-slot-drill-')), 'export.jsonl');
  const exported = await exportTable(stack.dynamoEndpoint, stack.tableName, file);
  const restoredName = `${stack.tableName}-restored`;
  expect(await restoreTable(stack.dynamoEndpoint, file, restoredName)).toBe(exported);
  const ids = await exportedIds(file);
  expect(ids.slotIds).toHaveLength(6);

  // The product now runs on the restored table (its functions read TABLE_NAME on every call).
  process.env.TABLE_NAME = restoredName;
  const check = await checkRestoredTable(ids);
  expect(check).toMatchObject({ drifted: [], unreadable: [], slots: 6 });
  expect(check.balances).toBeGreaterThanOrEqual(3);
  const after = await Promise.all(
    owners.map(async (o) => ({
      balance: (await api.call('GET', '/api/cash/balance', { token: o.token })).body.data.amount,
      slots: (await api.call('GET', '/api/slots', { token: o.token })).body.data.items.map((s: any) => s.id).sort(),
    })),
  );
  expect(after).toEqual(before);
  // Both of the first owner's slots came back as refunds (a rejection, and an operator's refund on day one).
  expect(before[0].balance).toBe(210_000);

  // The check is not a formality: a balance that no longer matches its ledger is named.
  const dynamo = new DynamoDBClient({
    endpoint: stack.dynamoEndpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const balanceKey = keys.cashBalance(owners[1].id);
  await dynamo.send(
    new UpdateItemCommand({
      TableName: restoredName,
      Key: { PK: { S: balanceKey.PK }, SK: { S: balanceKey.SK } },
      UpdateExpression: 'SET balance = balance + :lost',
      ExpressionAttributeValues: { ':lost': { N: '1000' } },
    }),
  );
  dynamo.destroy();
  const tampered = await checkRestoredTable(ids);
  expect(tampered.drifted.map((d) => d.userId)).toEqual([owners[1].id]);
});
