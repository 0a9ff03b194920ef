import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger per process (Powertools): JSON lines with the request id appended per call. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'simple-slot' });
