import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../infra/local/dynamodb-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

/**
 * One in-memory DynamoDB Local for the whole run; every test file makes its own table in it.
 * Vitest runs each project's global setup in its main process, one project after another, and the
 * teardowns once all projects are done: the projects that list this file (integration, browser,
 * rehearsal) share the first one's Java process through `globalThis` instead of starting one each
 * (a JVM's start and warm-up cost seconds of CPU each).
 */
const shared = globalThis as typeof globalThis & {
  simpleSlotDynamo?: { local: Promise<DynamoDbLocal>; users: number };
};

export default async function setup(project: TestProject) {
  // The JVM's start took over 30 s at a load average of 25 on this machine, and every file of the run
  // failed before its first test: the run waits longer than `npm start` does.
  shared.simpleSlotDynamo ??= { local: startDynamoDbLocal({ startTimeoutMs: 120_000 }), users: 0 };
  const run = shared.simpleSlotDynamo;
  run.users += 1;
  project.provide('dynamoEndpoint', (await run.local).endpoint);
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    shared.simpleSlotDynamo = undefined;
    await (await run.local).stop();
  };
}
