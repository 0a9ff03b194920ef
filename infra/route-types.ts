/**
 * The route table's types and the route key, apart from the table itself: each group's handler and
 * route file import only these (a Lambda bundle then holds its own group's routes, not every one).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, checked before the op runs (objects' owners are checked by the domain):
 * - public: anyone
 * - user: any signed-in account (user, operator, developer)
 * - operator: operator or developer
 * - developer: developer only
 * - worker: a rank-check worker API key in `x-api-key`
 */
export type Access = 'public' | 'user' | 'operator' | 'developer' | 'worker';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path syntax: `{param}` segments. */
  path: string;
  /** The resource group (a key of `apiGroups` in infra/routes.ts). */
  group: string;
  /** Name of the op inside the group handler. */
  op: string;
  access: Access;
}

/** `GET /api/x/{id}` — the same string API Gateway puts in `event.routeKey`. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;
