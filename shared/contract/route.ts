import type { z } from '../zod';

/**
 * What one route is, read by every side: the Lambda handlers (functions/api), the CDK stack and the
 * local server (infra), the web client and the API reference. A route file lists its group's routes
 * as plain objects; nothing here runs code but `routeKey` and `answerOf` (which returns nothing).
 */
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, checked before the op runs (objects' owners are checked by the domain):
 * - public: anyone
 * - user: any signed-in account (user, operator, developer)
 * - operator: operator or developer
 * - developer: developer only
 * - worker: a rank-check worker API key in `x-api-key` (a person's token is refused)
 */
export type Access = 'public' | 'user' | 'operator' | 'developer' | 'worker';

/** The zod schemas a route's input is parsed with: path parameters, query string, JSON body. */
export interface RouteInput {
  path?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

declare const answerType: unique symbol;
/** The `data` of a route's success envelope, as a type only: the value is always `undefined`. */
export interface Answer<T> {
  readonly [answerType]?: T;
}
/** `answer: answerOf<SlotDto>()`: names the answer type of a route at no runtime cost. */
export const answerOf = <T>(): Answer<T> => undefined as unknown as Answer<T>;

export interface RouteContract {
  method: HttpMethod;
  /** API Gateway path syntax: `{param}` segments. */
  path: string;
  /** The resource group: one Lambda function serves each group (infra/api-groups.ts). */
  group: string;
  /** Name of the op inside the group handler. */
  op: string;
  access: Access;
  input?: RouteInput;
  answer: Answer<unknown>;
  /** `'open'`: still callable while maintenanceMode stops ordinary users' writes (signing in and out). */
  maintenance?: 'open';
  /**
   * `'actorOnly'`: only the session and the acting developer must be live, not the account acted as
   * (switch-back: how a developer leaves a user deactivated meanwhile).
   */
  session?: 'actorOnly';
  /**
   * `true`: the answer carries a secret shown once (a new worker key, a second factor's secret or its
   * recovery codes). It is never kept for a retry with the same `Idempotency-Key`: the same request runs
   * again instead.
   */
  secretAnswer?: true;
  /**
   * `'enrolment'`: open to a staff account that must enrol a second factor and has none yet (every
   * other signed-in route answers it 403 `SECOND_FACTOR_ENROLMENT`): its own status, enrolling, `me`.
   */
  secondFactor?: 'enrolment';
  /**
   * The 403 text for a caller whose role falls short (a person's token on a worker route), where the route
   * has its own.
   */
  forbidden?: string;
}

/** `GET /api/x/{id}`: the same string API Gateway puts in `event.routeKey`. */
export const routeKey = (r: Pick<RouteContract, 'method' | 'path'>): string => `${r.method} ${r.path}`;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Sent<S> = S extends z.ZodType ? z.input<S> : undefined;
type InputPart<R, K extends keyof RouteInput> = R extends { input: infer I }
  ? K extends keyof I
    ? I[K]
    : undefined
  : undefined;

/** A route's input as the handler receives it (after parsing). */
export interface InputOf<R extends RouteContract> {
  path: Parsed<InputPart<R, 'path'>>;
  query: Parsed<InputPart<R, 'query'>>;
  body: Parsed<InputPart<R, 'body'>>;
}

/** A route's input as a client sends it (before parsing: defaults and coercions not yet applied). */
export interface RequestOf<R extends RouteContract> {
  path: Sent<InputPart<R, 'path'>>;
  query: Sent<InputPart<R, 'query'>>;
  body: Sent<InputPart<R, 'body'>>;
}

/** The `data` of a route's success envelope. */
export type AnswerOf<R extends RouteContract> = R['answer'] extends Answer<infer T> ? T : never;
