import { REHEARSAL_ACCOUNT } from './resolve';
import type { SdkCall } from './sandbox';

/** One IAM authorization an SDK call needs: action, resource and the condition keys it carries. */
export interface AccessRequest {
  action: string;
  resource: string;
  context: Record<string, string | string[] | undefined>;
}

export interface Statement {
  Sid?: string;
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, string | string[]>>;
}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** IAM's wildcard match: `*` any run of characters, `?` one character. */
export function globMatch(pattern: string, value: string, ignoreCase = false): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, ignoreCase ? 'is' : 's').test(value);
}

const actionMatches = (patterns: string[], action: string) => patterns.some((p) => globMatch(p, action, true));
const resourceMatches = (patterns: string[], resource: string) => patterns.some((p) => globMatch(p, resource));

function operatorHolds(operator: string, want: string[], have: string): boolean {
  switch (operator) {
    case 'StringEquals':
      return want.includes(have);
    case 'StringNotEquals':
      return !want.includes(have);
    case 'StringLike':
      return want.some((w) => globMatch(w, have));
    case 'StringNotLike':
      return !want.some((w) => globMatch(w, have));
    default:
      throw new Error(`the rehearsal cannot evaluate the condition operator ${operator}`);
  }
}

/** One condition block entry (`ForAllValues:StringLike`, `StringEqualsIfExists`, …) against the request. */
function conditionHolds(rawOperator: string, key: string, want: string[], request: AccessRequest): boolean {
  const [qualifier, op] = rawOperator.includes(':') ? rawOperator.split(':') : ['', rawOperator];
  const ifExists = op.endsWith('IfExists');
  const operator = ifExists ? op.slice(0, -'IfExists'.length) : op;
  const value = request.context[key];
  const values = list(value);
  if (qualifier === 'ForAllValues') return values.every((v) => operatorHolds(operator, want, v));
  if (qualifier === 'ForAnyValue') return values.some((v) => operatorHolds(operator, want, v));
  if (value === undefined) return ifExists;
  return values.some((v) => operatorHolds(operator, want, v));
}

function statementApplies(s: Statement, request: AccessRequest): boolean {
  if (s.Action !== undefined && !actionMatches(list(s.Action), request.action)) return false;
  if (s.NotAction !== undefined && actionMatches(list(s.NotAction), request.action)) return false;
  if (s.Resource !== undefined && !resourceMatches(list(s.Resource), request.resource)) return false;
  if (s.NotResource !== undefined && resourceMatches(list(s.NotResource), request.resource)) return false;
  for (const [operator, entries] of Object.entries(s.Condition ?? {}))
    for (const [key, want] of Object.entries(entries))
      if (!conditionHolds(operator, key, list(want).map(String), request)) return false;
  return true;
}

/** Identity-policy evaluation: an explicit Deny wins, else some Allow must apply. */
export function evaluate(statements: Statement[], request: AccessRequest): { allowed: boolean; by?: Statement } {
  const deny = statements.find((s) => s.Effect === 'Deny' && statementApplies(s, request));
  if (deny) return { allowed: false, by: deny };
  const allow = statements.find((s) => s.Effect === 'Allow' && statementApplies(s, request));
  return { allowed: !!allow, by: allow };
}

/** Every action a set of statements grants (as written, wildcards included). */
export const grantedActions = (statements: Statement[]): string[] =>
  statements.filter((s) => s.Effect === 'Allow').flatMap((s) => list(s.Action));

// --- from SDK calls to IAM requests -----------------------------------------------------------

export interface CallScope {
  region: string;
  /** Each table's partition key attribute, for dynamodb:LeadingKeys. */
  partitionKeys: Map<string, string>;
  /** The WebSocket API a management endpoint belongs to. */
  webSocket?: { apiId: string; stage: string };
}

type Item = Record<string, unknown>;
const scalar = (v: unknown): string | undefined => {
  if (v && typeof v === 'object') {
    const typed = v as { S?: string; N?: string; B?: unknown };
    return typed.S ?? typed.N ?? (typed.B !== undefined ? String(typed.B) : undefined);
  }
  return v === undefined ? undefined : String(v);
};

/** Top-level attribute names a projection reads (`#n` through ExpressionAttributeNames). */
function projected(input: Item): string[] | undefined {
  const expression = input.ProjectionExpression as string | undefined;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  if (expression)
    return expression.split(',').map((part) => {
      const head = part.trim().split(/[.[]/)[0];
      return names[head] ?? head;
    });
  return input.AttributesToGet as string[] | undefined;
}

function dynamoRequests(op: string, input: Item, scope: CallScope): AccessRequest[] {
  const tableArn = (table: string) => `arn:aws:dynamodb:${scope.region}:${REHEARSAL_ACCOUNT}:table/${table}`;
  const leading = (table: string, items: Array<Item | undefined>) => {
    const pk = scope.partitionKeys.get(table);
    if (!pk) return undefined;
    return items.map((it) => scalar(it?.[pk])).filter((v): v is string => v !== undefined);
  };
  const one = (action: string, table: string, item: Item | undefined, extra: Item = {}): AccessRequest => ({
    action: `dynamodb:${action}`,
    resource: extra.IndexName ? `${tableArn(table)}/index/${extra.IndexName}` : tableArn(table),
    context: {
      'dynamodb:LeadingKeys': item ? leading(table, [item]) : undefined,
      'dynamodb:Attributes': projected(extra),
      'dynamodb:Select': extra.Select as string | undefined,
      'dynamodb:ReturnValues': extra.ReturnValues as string | undefined,
    },
  });
  const table = input.TableName as string;
  switch (op) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [one(op, table, input.Key as Item, input)];
    case 'PutItem': {
      const request = one(op, table, input.Item as Item, input);
      // A put writes every attribute of the item: those are its dynamodb:Attributes.
      request.context['dynamodb:Attributes'] = Object.keys(input.Item as Item);
      return [request];
    }
    case 'Query': {
      // The partition key value the key condition names: what dynamodb:LeadingKeys holds for a query.
      const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
      const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
      const pk = scope.partitionKeys.get(table);
      const match = [...String(input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)].find(
        ([, name]) => (names[name] ?? name) === pk,
      );
      const request = one(op, table, undefined, input);
      if (match && !input.IndexName && pk) request.context['dynamodb:LeadingKeys'] = [scalar(values[match[2]])!];
      return [request];
    }
    case 'Scan':
    case 'DescribeTable':
    case 'DescribeTimeToLive':
      return [one(op, table, undefined, input)];
    case 'BatchGetItem':
      return Object.entries(input.RequestItems as Record<string, Item>).map(([t, req]) => ({
        action: 'dynamodb:BatchGetItem',
        resource: tableArn(t),
        context: {
          'dynamodb:LeadingKeys': leading(t, req.Keys as Item[]),
          'dynamodb:Attributes': projected(req),
          'dynamodb:Select': projected(req) ? 'SPECIFIC_ATTRIBUTES' : undefined,
        },
      }));
    case 'BatchWriteItem':
      return Object.entries(input.RequestItems as Record<string, Item[]>).map(([t, writes]) => ({
        action: 'dynamodb:BatchWriteItem',
        resource: tableArn(t),
        context: {
          'dynamodb:LeadingKeys': leading(
            t,
            writes.map((w) => ((w.PutRequest as Item)?.Item ?? (w.DeleteRequest as Item)?.Key) as Item),
          ),
        },
      }));
    // A transaction is authorized item by item, each as its single-item action.
    case 'TransactWriteItems':
      return (input.TransactItems as Item[]).map((entry) => {
        const [kind, body] = Object.entries(entry)[0] as [string, Item];
        const action = {
          Put: 'PutItem',
          Update: 'UpdateItem',
          Delete: 'DeleteItem',
          ConditionCheck: 'ConditionCheckItem',
        }[kind];
        if (!action) throw new Error(`unknown transaction entry ${kind}`);
        return one(action, body.TableName as string, (body.Item ?? body.Key) as Item, body);
      });
    case 'TransactGetItems':
      return (input.TransactItems as Item[]).map((entry) => {
        const body = entry.Get as Item;
        return one('GetItem', body.TableName as string, body.Key as Item, body);
      });
    default:
      return [one(op, table ?? '*', undefined, input)];
  }
}

/** The IAM requests one SDK call needs (a transaction or batch needs one per item or table). */
export function accessRequests(call: SdkCall, scope: CallScope): AccessRequest[] {
  const op = call.commandName.replace(/Command$/, '');
  const input = call.input as Item;
  switch (call.clientName) {
    case 'DynamoDBClient':
      return dynamoRequests(op, input, scope);
    case 'KMSClient': {
      const key = String(input.KeyId);
      const resource = key.startsWith('arn:') ? key : `arn:aws:kms:${scope.region}:${REHEARSAL_ACCOUNT}:key/${key}`;
      return [{ action: `kms:${op}`, resource, context: {} }];
    }
    case 'SecretsManagerClient':
      return [{ action: `secretsmanager:${op}`, resource: String(input.SecretId), context: {} }];
    case 'S3Client': {
      const object = (bucket: unknown, key: unknown) => `arn:aws:s3:::${bucket}/${key}`;
      if (op === 'CopyObject') {
        const source = decodeURIComponent(String(input.CopySource)).replace(/^\//, '');
        return [
          { action: 's3:GetObject', resource: `arn:aws:s3:::${source}`, context: {} },
          { action: 's3:PutObject', resource: object(input.Bucket, input.Key), context: {} },
        ];
      }
      const action = op === 'HeadObject' ? 'GetObject' : op === 'ListObjectsV2' ? 'ListBucket' : op;
      const resource = action === 'ListBucket' ? `arn:aws:s3:::${input.Bucket}` : object(input.Bucket, input.Key);
      return [{ action: `s3:${action}`, resource, context: {} }];
    }
    case 'ApiGatewayManagementApiClient': {
      const method = { PostToConnection: 'POST', DeleteConnection: 'DELETE', GetConnection: 'GET' }[op] ?? op;
      const api = scope.webSocket ?? { apiId: '(no WebSocket API in the environment)', stage: '' };
      return [
        {
          action: 'execute-api:ManageConnections',
          resource: `arn:aws:execute-api:${scope.region}:${REHEARSAL_ACCOUNT}:${api.apiId}/${api.stage}/${method}/@connections/${input.ConnectionId}`,
          context: {},
        },
      ];
    }
    case 'SQSClient': {
      // A work queue (infra/work-queues.ts): its URL https://sqs.<region>.amazonaws.com/<account>/<name>
      // is the queue arn:aws:sqs:<region>:<account>:<name>; SendMessageBatch is authorized as SendMessage.
      const [account, name] = new URL(String(input.QueueUrl)).pathname.split('/').filter(Boolean).slice(-2);
      const action = { SendMessageBatch: 'SendMessage', DeleteMessageBatch: 'DeleteMessage' }[op] ?? op;
      return [{ action: `sqs:${action}`, resource: `arn:aws:sqs:${scope.region}:${account}:${name}`, context: {} }];
    }
    default:
      throw new Error(`the rehearsal does not know the IAM actions of ${call.clientName}.${call.commandName}`);
  }
}
