import { beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages/common';
import type { RouteContract } from '#shared/contract/route';
import { slotRoutes } from '#shared/contract/routes/slots';
import { pipeline, useTestTable } from '../../../test/support/api-pipeline';
import * as Auth from '../../domain/auth/auth-service';
import { authenticate } from './authenticate';
import { idempotency, idempotencyKey, idempotencyWith } from './idempotency';
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
let otherHeaders: Record<string, string>;
beforeAll(async () => {
  await useTestTable();
  await Auth.createUser({ loginId: 'idemuser', password: 'pass1234', fullName: 'u', role: 'user' });
  await Auth.createUser({ loginId: 'idemother', password: 'pass1234', fullName: 'o', role: 'user' });
  const session = (await Auth.login({ email: 'idemuser', password: 'pass1234' }, '127.0.0.1')) as AuthSession;
  headers = { authorization: `Bearer ${session.tokens.accessToken}` };
  const other = (await Auth.login({ email: 'idemother', password: 'pass1234' }, '127.0.0.1')) as AuthSession;
  otherHeaders = { authorization: `Bearer ${other.tokens.accessToken}` };
});

/**
 * An op the test holds open: each run waits for its gate, so a duplicate arrives while the first is
 * still running, the way a client retrying a slow request does.
 */
function heldOp(opts: { waitMs?: number } = {}) {
  const gates: Array<(answer: { status: number; keyword: string }) => void> = [];
  let started = 0;
  const send = pipeline(slotRoutes, [authenticate(), idempotencyKey, parseInput, idempotencyWith(opts)], async (s) => {
    started += 1;
    const keyword = (s.input?.body as { keyword: string }).keyword;
    const { status } = await new Promise<{ status: number; keyword: string }>((resolve) => gates.push(resolve));
    return status < 300
      ? { status, body: { success: true, data: { run: started, keyword } } }
      : { status, body: { success: false, code: 'CONFLICT', error: '실패' } };
  });
  const untilStarted = async (n: number) => {
    while (started < n) await new Promise((r) => setTimeout(r, 10));
  };
  const write = (key: string, h = headers) =>
    send({
      route: fill,
      pathParameters: { id: 'slot-1' },
      headers: { ...h, 'idempotency-key': key },
      body: JSON.stringify({ keyword: '이어폰' }),
    });
  return {
    write,
    untilStarted,
    release: (status = 200) => gates.shift()!({ status, keyword: '' }),
    runs: () => started,
  };
}

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

  it('gives ops the key scoped to its caller: two people sending one header get two keys', async () => {
    const echo = pipeline(slotRoutes, [authenticate(), idempotencyKey]);
    const keyOf = async (h: Record<string, string>) =>
      (await echo({ route: get, pathParameters: { id: 's' }, headers: { ...h, 'idempotency-key': 'shared-1' } })).body
        .data.idempotencyKey;
    const [mine, theirs, again] = [await keyOf(headers), await keyOf(otherHeaders), await keyOf(headers)];
    expect(mine).not.toBe(theirs);
    expect(mine).toBe(again);
    expect(mine).not.toContain('shared-1');
  });

  it('makes a duplicate that arrives while the first still runs wait for its answer and replay it', async () => {
    const held = heldOp();
    const first = held.write('in-flight');
    await held.untilStarted(1);
    const duplicate = held.write('in-flight');
    // The duplicate is waiting, not running: the op has started once.
    await new Promise((r) => setTimeout(r, 300));
    expect(held.runs()).toBe(1);
    held.release();
    const [a, b] = await Promise.all([first, duplicate]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(held.runs()).toBe(1);
  });

  it('runs a duplicate itself once the first failed, and answers 409 "still running" when the first never ends', async () => {
    const held = heldOp({ waitMs: 400 });
    const first = held.write('first-fails');
    await held.untilStarted(1);
    const duplicate = held.write('first-fails');
    held.release(409);
    expect((await first).status).toBe(409);
    // The failed first released the key: the waiting duplicate ran the request itself.
    await held.untilStarted(2);
    held.release();
    expect((await duplicate).status).toBe(200);
    expect(held.runs()).toBe(2);

    const stuck = held.write('never-ends');
    await held.untilStarted(3);
    const late = await held.write('never-ends');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'CONFLICT', error: commonMessages.requestInProgress });
    expect(commonMessages.requestInProgress).toMatch(/처리하고 있습니다/);
    expect(held.runs()).toBe(3);
    held.release();
    await stuck;
  });
});
