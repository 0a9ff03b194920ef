import { routeKey } from '#shared/contract/route';
import { commonMessages } from '#shared/messages/common';
import { ValidationError } from '#commons/errors';
import { bindIdempotencyKey, rememberAnswer } from '../../domain/idempotency/request-keys';
import { stateOf, type ApiAnswer, type ApiMiddleware, type ApiState } from './api-request';

/**
 * The `Idempotency-Key` header: 1–200 printable ASCII characters. A longer or stranger key is refused
 * with a 400 before any domain code builds a store key from it (an oversized key would make the store
 * refuse the write, a 500). An absent header means no key.
 */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,200}$/;

/** Reads and checks the header (before the input is parsed: a bad key is the first thing said). */
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
    state.idempotencyKey = key;
  },
};

/** A signed-in caller's write with a key: money and bulk calls answer a retry with the first answer. */
const keyedOf = ({ idempotencyKey: key, caller, route }: ApiState) =>
  key && caller && route.method !== 'GET' ? { userId: caller.userId, key } : undefined;

/**
 * Binds the key to this request before the op runs: a key already used for another request is a
 * 422 (one place), the same request again hears the first one's answer (the op does not run). A
 * success without cookies is kept as that answer: a session is never handed out twice.
 */
export const idempotency: ApiMiddleware = {
  before: async (request) => {
    const state = stateOf(request);
    const keyed = keyedOf(state);
    if (!keyed) return;
    const { replay } = await bindIdempotencyKey({ ...keyed, routeKey: routeKey(state.route), request: state.input });
    if (replay) state.replay = { ...replay, headers: { 'idempotent-replayed': 'true' } };
  },
  after: async (request) => {
    const state = stateOf(request);
    const keyed = keyedOf(state);
    const { status, body, cookies } = request.response as ApiAnswer;
    if (keyed && !state.replay && status < 300 && !cookies?.length)
      await rememberAnswer({ ...keyed, answer: { status, body } });
  },
};
