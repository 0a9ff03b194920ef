import { routeKey } from '#shared/contract/route';
import { commonMessages } from '#shared/messages/common';
import { ValidationError } from '#commons/errors';
import {
  bindIdempotencyKey,
  callerScopedKey,
  finishKeyedRequest,
  keepHolding,
  KEY_WAIT_MS,
} from '../../domain/idempotency/request-keys';
import { stateOf, type ApiAnswer, type ApiMiddleware, type ApiState } from './api-request';

/**
 * The `Idempotency-Key` header: 1–200 printable ASCII characters. A longer or stranger key is refused
 * with a 400 before any domain code builds a store key from it (an oversized key would make the store
 * refuse the write, a 500). An absent header means no key.
 */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,200}$/;

/** Whose key it is: the signed-in person, the worker key, or nobody. */
const scopeOf = ({ caller, worker }: ApiState) =>
  caller ? `user#${caller.userId}` : worker ? `worker#${worker.keyId}` : 'public';

/**
 * Reads and checks the header (before the input is parsed: a bad key is the first thing said). Ops
 * get the key scoped to its caller (`idempotencyKey`): every record a feature keeps under it is the
 * caller's own, so another person sending the same header never lands on it.
 */
export const idempotencyKey: ApiMiddleware = {
  before: (request) => {
    const state = stateOf(request);
    if (!('idempotency-key' in state.headers)) return;
    const key = state.headers['idempotency-key'];
    if (!IDEMPOTENCY_KEY.test(key)) {
      throw new ValidationError(commonMessages.idempotencyKeyInvalid, [
        { field: 'Idempotency-Key', label: 'Idempotency-Key', message: commonMessages.idempotencyKeyInvalid },
      ]);
    }
    state.idempotencyHeader = key;
    state.idempotencyKey = callerScopedKey(scopeOf(state), key);
  },
};

/** A signed-in caller's write with a key: money and bulk calls answer a retry with the first answer. */
const keyedOf = ({ idempotencyHeader: key, caller, route }: ApiState) =>
  key && caller && route.method !== 'GET' ? { userId: caller.userId, key } : undefined;

type Request = Parameters<NonNullable<ApiMiddleware['before']>>[0];
/** The longest an API function runs: the bound when the invocation does not say. */
const LONGEST_RUN_MS = 30_000;
const timeLeft = (request: Request) => request.context?.getRemainingTimeInMillis?.() ?? LONGEST_RUN_MS;

/** What a duplicate may wait for the first answer: the bound, within what this invocation has left. */
const waitOf = (request: Request, waitMs: number) => Math.max(0, Math.min(waitMs, timeLeft(request) - 1500));

/**
 * Binds the key to this request before the op runs: a key already used for another request is a
 * 422 (one place), the same request again hears the first one's answer (the op does not run), and
 * while the first still runs a duplicate waits for it. A success is kept as that answer unless it
 * sets cookies (a session is never handed out twice) or its route marks it secret (a new worker key
 * is shown once and never stored); those, and failures, release the key.
 */
export const idempotencyWith = ({ waitMs = KEY_WAIT_MS }: { waitMs?: number } = {}): ApiMiddleware => {
  const settle = async (state: ApiState, answer?: ApiAnswer) => {
    const keyed = keyedOf(state);
    if (!keyed || !state.keyHolder) return;
    const { holder, stop } = state.keyHolder;
    state.keyHolder = undefined;
    stop();
    const keep = answer && answer.status < 300 && !answer.cookies?.length && !state.route.secretAnswer;
    await finishKeyedRequest({ ...keyed, holder }, keep ? { status: answer.status, body: answer.body } : undefined);
  };
  return {
    before: async (request) => {
      const state = stateOf(request);
      const keyed = keyedOf(state);
      if (!keyed) return;
      const turn = await bindIdempotencyKey(
        { ...keyed, routeKey: routeKey(state.route), request: state.input },
        { waitMs: waitOf(request, waitMs) },
      );
      if (turn.replay) state.replay = { ...turn.replay, headers: { 'idempotent-replayed': 'true' } };
      else
        state.keyHolder = {
          holder: turn.holder,
          stop: keepHolding({ ...keyed, holder: turn.holder }, Date.now() + timeLeft(request)),
        };
    },
    after: async (request) => {
      await settle(stateOf(request), request.response as ApiAnswer);
    },
    onError: async (request) => {
      if (request.context?.api) await settle(stateOf(request));
    },
  };
};

export const idempotency = idempotencyWith();
