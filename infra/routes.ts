/**
 * The one route table. The CDK API stack builds its HTTP API routes and Lambda functions from it,
 * the local server matches requests against it, and each group handler must implement exactly the
 * ops listed for its group (checked by the type of `defineGroup`).
 *
 * Adding a capability = a new group entry + its route lines + functions/api/<group>.ts.
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

export interface ApiGroup {
  /** Handler module, relative to the project root. */
  entry: string;
  /** Lambda memory; scrypt and bulk work want more than the default. */
  memoryMb?: number;
  timeoutSeconds?: number;
  /** Least privilege: groups that never write get read-only table access. */
  tableAccess: 'read' | 'readWrite';
  /** Extra environment the group needs (names only; values come from the stack). */
  needs?: ReadonlyArray<'signingKey' | 'websocketPush'>;
}

export const apiGroups = {
  auth: { entry: 'functions/api/auth.ts', memoryMb: 1024, tableAccess: 'readWrite', needs: ['signingKey'] },
  settings: { entry: 'functions/api/settings.ts', tableAccess: 'readWrite' },
  cash: { entry: 'functions/api/cash.ts', tableAccess: 'readWrite', timeoutSeconds: 30 },
  fieldConfigs: { entry: 'functions/api/field-configs.ts', tableAccess: 'readWrite' },
  slots: { entry: 'functions/api/slots.ts', memoryMb: 1024, timeoutSeconds: 29, tableAccess: 'readWrite' },
  /** The operator console's slot work (approval, refund preview, stats, issuance, extensions): its own function. */
  slotAdmin: { entry: 'functions/api/slot-admin.ts', memoryMb: 1024, timeoutSeconds: 29, tableAccess: 'readWrite' },
  // operator console: user management (issue 10, users); scrypt for created users and password resets
  users: { entry: 'functions/api/users.ts', memoryMb: 1024, tableAccess: 'readWrite' },
  // issue 12: rank tracking — worker keys (developers) and the two rank-check worker routes (x-api-key)
  rank: { entry: 'functions/api/rank.ts', memoryMb: 1024, timeoutSeconds: 29, tableAccess: 'readWrite' },
} as const satisfies Record<string, ApiGroup>;

export type GroupName = keyof typeof apiGroups;

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path syntax: `{param}` segments. */
  path: string;
  group: GroupName;
  /** Name of the op inside the group handler. */
  op: string;
  access: Access;
}

export const routes = [
  // auth
  { method: 'POST', path: '/api/auth/login', group: 'auth', op: 'login', access: 'public' },
  { method: 'POST', path: '/api/auth/register', group: 'auth', op: 'register', access: 'public' },
  { method: 'POST', path: '/api/auth/refresh', group: 'auth', op: 'refresh', access: 'public' },
  { method: 'POST', path: '/api/auth/logout', group: 'auth', op: 'logout', access: 'public' },
  { method: 'GET', path: '/api/auth/me', group: 'auth', op: 'me', access: 'user' },
  { method: 'PUT', path: '/api/auth/change-password', group: 'auth', op: 'changePassword', access: 'user' },
  { method: 'PUT', path: '/api/auth/profile', group: 'auth', op: 'updateProfile', access: 'user' },
  { method: 'POST', path: '/api/auth/switch-user', group: 'auth', op: 'switchUser', access: 'developer' },
  { method: 'POST', path: '/api/auth/switch-back', group: 'auth', op: 'switchBack', access: 'user' },

  // system settings and liveness; writes by operators and developers (operator-console §6), history and revert by developers
  { method: 'GET', path: '/api/health', group: 'settings', op: 'health', access: 'public' },
  { method: 'GET', path: '/api/system-settings', group: 'settings', op: 'getAll', access: 'public' },
  { method: 'PUT', path: '/api/system-settings', group: 'settings', op: 'updateAll', access: 'operator' },
  { method: 'GET', path: '/api/system-settings/category/{category}', group: 'settings', op: 'getCategory', access: 'public' },
  { method: 'GET', path: '/api/system-settings/key/{key}', group: 'settings', op: 'getKey', access: 'public' },
  { method: 'PUT', path: '/api/system-settings/key/{key}', group: 'settings', op: 'updateKey', access: 'operator' },
  { method: 'GET', path: '/api/system-settings/history', group: 'settings', op: 'history', access: 'developer' },
  { method: 'POST', path: '/api/system-settings/history/{id}/revert', group: 'settings', op: 'revert', access: 'developer' },

  // cash (design §5 cash paths; the whole group answers 409 while useCashSystem is off)
  { method: 'GET', path: '/api/cash/balance', group: 'cash', op: 'balance', access: 'user' },
  { method: 'GET', path: '/api/cash/transactions', group: 'cash', op: 'transactions', access: 'user' },
  { method: 'GET', path: '/api/cash/stats', group: 'cash', op: 'stats', access: 'operator' },
  { method: 'POST', path: '/api/cash/charge-requests', group: 'cash', op: 'createChargeRequest', access: 'user' },
  { method: 'GET', path: '/api/cash/charge-requests', group: 'cash', op: 'listChargeRequests', access: 'user' },
  { method: 'POST', path: '/api/cash/charge-requests/{id}/approve', group: 'cash', op: 'approveChargeRequest', access: 'operator' },
  { method: 'POST', path: '/api/cash/charge-requests/{id}/reject', group: 'cash', op: 'rejectChargeRequest', access: 'operator' },
  { method: 'POST', path: '/api/cash/charge-requests/{id}/cancel', group: 'cash', op: 'cancelChargeRequest', access: 'user' },

  // slot field configs: read by every signed-in page, edited on the developer's settings page (operator-console §7)
  { method: 'GET', path: '/api/field-configs', group: 'fieldConfigs', op: 'list', access: 'user' },
  { method: 'PUT', path: '/api/admin/field-configs', group: 'fieldConfigs', op: 'replace', access: 'developer' },
  { method: 'POST', path: '/api/admin/field-configs', group: 'fieldConfigs', op: 'create', access: 'developer' },
  { method: 'POST', path: '/api/admin/field-configs/reset', group: 'fieldConfigs', op: 'reset', access: 'developer' },
  { method: 'DELETE', path: '/api/admin/field-configs/{key}', group: 'fieldConfigs', op: 'remove', access: 'developer' },

  // slots (advertiser §7, operator §7); literal segments win over {id} here and in API Gateway
  { method: 'GET', path: '/api/slots', group: 'slots', op: 'list', access: 'user' },
  { method: 'POST', path: '/api/slots', group: 'slots', op: 'create', access: 'user' },
  { method: 'POST', path: '/api/slots/bulk', group: 'slots', op: 'bulkCreate', access: 'user' },
  { method: 'GET', path: '/api/slots/count', group: 'slots', op: 'count', access: 'user' },
  { method: 'PUT', path: '/api/slots/user/bulk-update', group: 'slots', op: 'userBulkUpdate', access: 'user' },
  { method: 'GET', path: '/api/slots/allocation/{userId}', group: 'slots', op: 'allocation', access: 'user' },
  { method: 'GET', path: '/api/slots/{id}', group: 'slots', op: 'get', access: 'user' },
  { method: 'PATCH', path: '/api/slots/{id}/status', group: 'slots', op: 'changeStatus', access: 'user' },
  { method: 'PUT', path: '/api/slots/{id}/update-fields', group: 'slots', op: 'updateFields', access: 'user' },
  { method: 'PUT', path: '/api/slots/{id}/fill', group: 'slots', op: 'fill', access: 'user' },
  { method: 'GET', path: '/api/slots/{id}/logs', group: 'slots', op: 'logs', access: 'user' },
  { method: 'GET', path: '/api/slots/{id}/field-values', group: 'slots', op: 'fieldValues', access: 'user' },
  { method: 'GET', path: '/api/slots/{id}/rank-delete-query', group: 'slots', op: 'rankDeleteQuery', access: 'user' },
  { method: 'DELETE', path: '/api/slots/{id}/rank-data', group: 'slots', op: 'deleteRankData', access: 'user' },
  { method: 'GET', path: '/api/slots/{id}/rank-history', group: 'slots', op: 'rankHistory', access: 'user' },
  { method: 'POST', path: '/api/slots/{id}/approve', group: 'slotAdmin', op: 'approve', access: 'operator' },
  // operator console: slot management and refunds (refunds go through PATCH /status)
  { method: 'GET', path: '/api/slots/system-stats', group: 'slotAdmin', op: 'systemStats', access: 'operator' },
  { method: 'GET', path: '/api/slots/{id}/refund-preview', group: 'slotAdmin', op: 'refundPreview', access: 'operator' },

  // issue 10 — pre-allocation issuance, issuance history and extensions (operator-console §7)
  { method: 'POST', path: '/api/slots/allocate/{userId}', group: 'slotAdmin', op: 'allocate', access: 'operator' },
  { method: 'GET', path: '/api/slots/allocation-history', group: 'slotAdmin', op: 'allocationHistory', access: 'operator' },
  { method: 'PATCH', path: '/api/slots/allocation-history/{id}/payment', group: 'slotAdmin', op: 'allocationPayment', access: 'operator' },
  { method: 'GET', path: '/api/slots/by-allocation/{id}', group: 'slotAdmin', op: 'byAllocation', access: 'operator' },
  { method: 'POST', path: '/api/slots/{id}/extend', group: 'slotAdmin', op: 'extend', access: 'operator' },
  { method: 'POST', path: '/api/slots/extend-bulk', group: 'slotAdmin', op: 'extendBulk', access: 'operator' },

  // operator console: user management (issue 10, users); literal /stats beats {id}
  { method: 'GET', path: '/api/users', group: 'users', op: 'list', access: 'operator' },
  { method: 'POST', path: '/api/users', group: 'users', op: 'create', access: 'operator' },
  { method: 'GET', path: '/api/users/stats', group: 'users', op: 'stats', access: 'operator' },
  { method: 'GET', path: '/api/users/{id}', group: 'users', op: 'get', access: 'operator' },
  { method: 'PUT', path: '/api/users/{id}', group: 'users', op: 'update', access: 'operator' },
  { method: 'DELETE', path: '/api/users/{id}', group: 'users', op: 'remove', access: 'operator' },
  { method: 'GET', path: '/api/users/{id}/logs', group: 'users', op: 'logs', access: 'operator' },

  // issue 12: rank tracking (design §6)
  { method: 'POST', path: '/api/rank/worker-keys', group: 'rank', op: 'createWorkerKey', access: 'developer' },
  { method: 'GET', path: '/api/rank/worker-keys', group: 'rank', op: 'listWorkerKeys', access: 'developer' },
  { method: 'DELETE', path: '/api/rank/worker-keys/{id}', group: 'rank', op: 'revokeWorkerKey', access: 'developer' },
  { method: 'GET', path: '/api/rank/work', group: 'rank', op: 'work', access: 'worker' },
  { method: 'POST', path: '/api/rank/observations', group: 'rank', op: 'observations', access: 'worker' },
] as const satisfies readonly RouteDef[];

export type Route = (typeof routes)[number];

/** The op names the route table lists for one group. */
export type OpsOf<G extends GroupName> = Extract<Route, { group: G }>['op'];

/** `GET /api/x/{id}` — the same string API Gateway puts in `event.routeKey`. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>): string => `${r.method} ${r.path}`;

const compiled = routes.map((r) => ({
  route: r as RouteDef,
  names: [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
  regex: new RegExp(`^${r.path.replace(/\{\w+\}/g, '([^/]+)')}$`),
}));

function decodeSegment(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Finds the route for a method and a concrete path (local server); literal segments beat params. */
export function matchRoute(
  method: string,
  pathname: string,
): { route: RouteDef; pathParameters: Record<string, string> } | { route: null; methodMismatch: boolean } {
  let methodMismatch = false;
  const hits = compiled
    .filter((c) => c.regex.test(pathname))
    .sort((a, b) => a.names.length - b.names.length);
  for (const c of hits) {
    if (c.route.method !== method) {
      methodMismatch = true;
      continue;
    }
    const values = c.regex.exec(pathname)!.slice(1).map(decodeSegment);
    // A malformed escape (`%E0`) names no resource: not found, rather than a 500.
    if (values.includes(null)) return { route: null, methodMismatch: false };
    const pathParameters = Object.fromEntries(c.names.map((n, i) => [n, values[i]!]));
    return { route: c.route, pathParameters };
  }
  return { route: null, methodMismatch };
}
