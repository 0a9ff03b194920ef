import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '#commons/config';
import { traced } from '#commons/tracer';

/**
 * The one DocumentClient every storage module uses. Built lazily so tests and the local runtime can
 * point it at DynamoDB Local through the environment before first use.
 */
let cached: { key: string; client: DynamoDBDocumentClient } | undefined;

export function db(): DynamoDBDocumentClient {
  const { dynamodbEndpoint, region } = config();
  const key = `${dynamodbEndpoint ?? ''}|${region}`;
  if (cached?.key === key) return cached.client;
  const base = traced(
    new DynamoDBClient({
      region,
      ...(dynamodbEndpoint
        ? { endpoint: dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
      maxAttempts: 4,
    }),
  );
  const client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  cached = { key, client };
  return client;
}

export const tableName = () => config().tableName;
