import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

/** Loads a handler module the way Lambda would (its `handler` export) and caches it. */
const modules = new Map<string, Promise<{ handler: (event: unknown, context: Context) => Promise<unknown> }>>();
const projectRoot = resolve(import.meta.dirname, '../..');

export function loadHandler(entry: string) {
  let mod = modules.get(entry);
  if (!mod) {
    mod = import(pathToFileURL(resolve(projectRoot, entry)).href);
    modules.set(entry, mod);
  }
  return mod.then((m) => m.handler);
}

/** A Lambda context with what our middlewares read (request id, function name, remaining time). */
function lambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const started = Date.now();
  const awsRequestId = randomUUID();
  return {
    awsRequestId,
    functionName: `simple-slot-local-${functionName}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:simple-slot-local-${functionName}`,
    memoryLimitInMB: '256',
    logGroupName: `/aws/lambda/simple-slot-local-${functionName}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export async function invoke(entry: string, name: string, event: unknown, timeoutMs?: number): Promise<unknown> {
  const handler = await loadHandler(entry);
  return handler(event, lambdaContext(name, timeoutMs));
}
