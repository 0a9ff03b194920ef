import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * X-Ray traces (Powertools Tracer): the functions run with active tracing, and the store and queue
 * clients pass through `traced` so each DynamoDB and SQS call is a segment of the invocation's trace.
 * Outside Lambda (local mode, tests) the tracer switches itself off: no X-Ray daemon is needed.
 */
export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'simple-slot' });

/** An AWS SDK v3 client whose calls become trace segments (unchanged when tracing is off). */
export const traced = <T>(client: T): T => tracer.captureAWSv3Client(client);
