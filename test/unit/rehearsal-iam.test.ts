import { describe, expect, it } from 'vitest';
import { accessRequests, evaluate, type Statement } from '../../infra/rehearsal/iam';

/** The deploy rehearsal's IAM reading (infra/rehearsal/iam.ts): what a refused call looks like. */
const scope = {
  region: 'ap-northeast-2',
  partitionKeys: new Map([['t', 'PK']]),
  webSocket: { apiId: 'abc123', stage: 'ws' },
};
const table = 'arn:aws:dynamodb:ap-northeast-2:123456789012:table/t';
const call = (clientName: string, commandName: string, input: Record<string, unknown>) =>
  accessRequests({ clientName, commandName, input }, scope);

describe('rehearsal IAM', () => {
  it('turns a transaction into one single-item action per entry, with its leading key', () => {
    const requests = call('DynamoDBClient', 'TransactWriteItemsCommand', {
      TransactItems: [
        { Put: { TableName: 't', Item: { PK: { S: 'USER#1' } } } },
        { Update: { TableName: 't', Key: { PK: 'LEDGER#1' } } },
        { ConditionCheck: { TableName: 't', Key: { PK: 'IDEM#x' } } },
      ],
    });
    expect(requests.map((r) => [r.action, r.resource, r.context['dynamodb:LeadingKeys']])).toEqual([
      ['dynamodb:PutItem', table, ['USER#1']],
      ['dynamodb:UpdateItem', table, ['LEDGER#1']],
      ['dynamodb:ConditionCheckItem', table, ['IDEM#x']],
    ]);
  });

  it('names the index a query reads, and the partition key a table query names', () => {
    const [onIndex] = call('DynamoDBClient', 'QueryCommand', { TableName: 't', IndexName: 'GSI1' });
    expect(onIndex.resource).toBe(`${table}/index/GSI1`);
    const [onTable] = call('DynamoDBClient', 'QueryCommand', {
      TableName: 't',
      KeyConditionExpression: '#pk = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeNames: { '#pk': 'PK' },
      ExpressionAttributeValues: { ':pk': 'CONN#1', ':sk': 'x' },
    });
    expect(onTable.context['dynamodb:LeadingKeys']).toEqual(['CONN#1']);
  });

  it('allows by action and resource wildcards, refuses outside a condition, and lets a Deny win', () => {
    const connectionsOnly: Statement = {
      Effect: 'Allow',
      Action: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
      Resource: table,
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CONN#*'] } },
    };
    const put = (pk: string) => call('DynamoDBClient', 'PutItemCommand', { TableName: 't', Item: { PK: pk } })[0];
    expect(evaluate([connectionsOnly], put('CONN#9')).allowed).toBe(true);
    expect(evaluate([connectionsOnly], put('USER#9')).allowed).toBe(false);
    expect(evaluate([{ Effect: 'Allow', Action: 'dynamodb:*', Resource: `${table}*` }], put('USER#9')).allowed).toBe(
      true,
    );
    const deny: Statement = { Effect: 'Deny', Action: 'dynamodb:PutItem', Resource: '*' };
    expect(evaluate([{ Effect: 'Allow', Action: '*', Resource: '*' }, deny], put('CONN#9')).allowed).toBe(false);
  });

  it('names a WebSocket push as ManageConnections on the connection of the API in the environment', () => {
    const [post] = call('ApiGatewayManagementApiClient', 'PostToConnectionCommand', { ConnectionId: 'c1' });
    expect(post).toMatchObject({
      action: 'execute-api:ManageConnections',
      resource: 'arn:aws:execute-api:ap-northeast-2:123456789012:abc123/ws/POST/@connections/c1',
    });
    const grant: Statement = {
      Effect: 'Allow',
      Action: 'execute-api:ManageConnections',
      Resource: 'arn:aws:execute-api:ap-northeast-2:123456789012:abc123/ws/*/@connections/*',
    };
    expect(evaluate([grant], post).allowed).toBe(true);
  });

  it('names a work-queue send (single or batch) as sqs:SendMessage on that queue only', () => {
    const url = 'https://sqs.ap-northeast-2.amazonaws.com/123456789012/SimpleSlot-t-Work-NotificationDeliveryQueue';
    const queue = 'arn:aws:sqs:ap-northeast-2:123456789012:SimpleSlot-t-Work-NotificationDeliveryQueue';
    const [batch] = call('SQSClient', 'SendMessageBatchCommand', { QueueUrl: url, Entries: [] });
    const [single] = call('SQSClient', 'SendMessageCommand', { QueueUrl: url, MessageBody: '{}' });
    for (const request of [batch, single])
      expect(request).toMatchObject({ action: 'sqs:SendMessage', resource: queue });
    const grant: Statement = {
      Effect: 'Allow',
      Action: ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'],
      Resource: queue,
    };
    expect(evaluate([grant], batch).allowed).toBe(true);
    expect(evaluate([{ ...grant, Resource: `${queue}DeadLetters` }], batch).allowed).toBe(false);
  });

  it('refuses to guess the actions of a client it does not know', () => {
    expect(() => call('LambdaClient', 'InvokeCommand', {})).toThrow(/does not know the IAM actions of LambdaClient/);
  });
});
