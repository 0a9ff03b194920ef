import '../../../test/support/quiet';
import { beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages/common';
import type { RouteContract } from '#shared/contract/route';
import { slotRoutes } from '#shared/contract/routes/slots';
import { pipeline, useTestTable } from '../../../test/support/api-pipeline';
import * as Auth from '../../domain/auth/auth-service';
import { authenticate } from './authenticate';
import { idempotency, idempotencyKey } from './idempotency';
import { parseInput } from './parse-input';
import type { ApiState } from './api-request';
import type { AuthSession } from '#shared/schemas/auth';

const byOp = (routes: readonly RouteContract[], op: string) => routes.find((r) => r.op === op)!;
const [fill, get] = ['fill', 'get'].map((op) => byOp(slotRoutes, op));

/** An op that counts its runs: a replay must not run it again. */
let runs = 0;
const call = pipeline(slotRoutes, [authenticate(), idempotencyKey, parseInput, idempotency], async (s: ApiState) => {
  runs += 1;
  return {
    status: 200,
    body: { success: true, data: { run: runs, keyword: (s.input?.body as { keyword: string }).keyword } },
  };
});

let headers: Record<string, string>;
beforeAll(async () => {
  await useTestTable();
  await Auth.createUser({ loginId: 'idemuser', password: 'pass1234', fullName: 'u', role: 'user' });
  const session = (await Auth.login({ email: 'idemuser', password: 'pass1234' }, '127.0.0.1')) as AuthSession;
  headers = { authorization: `Bearer ${session.tokens.accessToken}` };
});

const write = (key: string, keyword: string) =>
  call({
    route: fill,
    pathParameters: { id: 'slot-1' },
    headers: { ...headers, 'idempotency-key': key },
    body: JSON.stringify({ keyword }),
  });

describe('idempotency', () => {
  it('refuses a malformed Idempotency-Key with a 400 in Korean before reading the body', async () => {
    for (const key of ['', 'k'.repeat(201), '결제-1']) {
      const res = await call({
        route: fill,
        pathParameters: { id: 's' },
        headers: { ...headers, 'idempotency-key': key },
        body: '{',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION', error: commonMessages.idempotencyKeyInvalid });
      expect(res.body.details[0].field).toBe('Idempotency-Key');
    }
    expect(commonMessages.idempotencyKeyInvalid).toMatch(/[가-힣]/);
  });

  it('answers the same keyed write again with its first answer, without running the op twice', async () => {
    const before = runs;
    const first = await write('fill-once', '이어폰');
    const again = await write('fill-once', '이어폰');
    expect(runs - before).toBe(1);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses the key with another request: 422 in Korean, the op not run', async () => {
    await write('fill-other', '이어폰');
    const before = runs;
    const other = await write('fill-other', '충전기');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH', error: commonMessages.idempotencyKeyReused });
    expect(runs).toBe(before);
  });

  it('ignores the key on a read: each read runs', async () => {
    const before = runs;
    for (let i = 0; i < 2; i += 1)
      await call({ route: get, pathParameters: { id: 's' }, headers: { ...headers, 'idempotency-key': 'read-1' } });
    expect(runs - before).toBe(2);
  });
});
