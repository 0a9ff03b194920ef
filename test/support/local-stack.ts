import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { applyLocalEnvironment } from '../../infra/local/environment';
import { ensureTable, freePort } from '../../infra/local/dynamodb-local';
import { startLocalServer } from '../../infra/local/http-server';
import type { LocalWorkQueueOptions } from '../../infra/local/work-queues';
import type { Role } from '../../shared/roles';
import { placeSigningKey } from './signing-key';

export const localStackDefaults = { developerId: 'devadmin', developerPassword: 'devpass123' };

/**
 * The real local product for a test file: its own table in the shared DynamoDB Local, the real
 * handlers behind the real HTTP/WebSocket server, and the built SPA when web/dist exists.
 */
export async function startLocalStack(opts: { web?: boolean; workQueues?: LocalWorkQueueOptions } = {}) {
  const dynamoEndpoint = inject('dynamoEndpoint');
  const tableName = `t-${randomUUID()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'simple-slot-test-'));
  const port = await freePort();
  applyLocalEnvironment({ dataDir, tableName, dynamoEndpoint, port });
  placeSigningKey();
  // Tests play many viewers from one machine through the viewer-IP header (npm start ignores it).
  process.env.LOCAL_TRUST_VIEWER_IP = '1';
  await ensureTable(dynamoEndpoint, tableName);
  const { bootstrap } = await import('../../functions/domain/bootstrap');
  const { createUser } = await import('../../functions/domain/auth/auth-service');
  await bootstrap({ loginId: localStackDefaults.developerId, password: localStackDefaults.developerPassword });
  const server = await startLocalServer({
    port,
    host: '127.0.0.1',
    webDist: opts.web === false ? undefined : resolve(import.meta.dirname, '../../web/dist'),
    workQueues: opts.workQueues,
  });
  return {
    url: server.url,
    port: server.port,
    tableName,
    dynamoEndpoint,
    websocketConnections: server.websocketConnections,
    /** The in-process work queues (their consumers' invocations and dead letters). */
    workQueues: server.workQueues,
    setPostRateLimit: server.setPostRateLimit,
    throttledPosts: server.throttledPosts,
    stop: () => server.close(),
    /** Creates an account directly through the domain (no admin API needed). */
    async createUser(input: { email: string; password: string; fullName: string; role?: Role }) {
      const user = await createUser({
        loginId: input.email,
        password: input.password,
        fullName: input.fullName,
        role: input.role ?? 'user',
      });
      return { id: user.id };
    },
  };
}

export type LocalStack = Awaited<ReturnType<typeof startLocalStack>>;
