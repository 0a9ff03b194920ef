/**
 * The API contract: every route, group by group. The CDK API stack builds its routes and Lambda
 * functions from it (infra/api-groups.ts adds each group's deployment config), the local server
 * matches requests against it, each group handler must implement exactly its group's ops (the type
 * of `defineGroup`), and the web client and docs/api.md read inputs and answers from it.
 *
 * Adding a capability = a route file routes/<group>.ts (joined below) + functions/api/<group>.ts,
 * whose `defineGroup` takes that file's routes + the group's entry in infra/api-groups.ts. A Lambda
 * imports only its own routes/<group>.ts, never this file: its bundle holds its own schemas only.
 */
import type { RouteContract } from './route';
import { authRoutes } from './routes/auth';
import { settingsRoutes } from './routes/settings';
import { cashRoutes } from './routes/cash';
import { fieldConfigRoutes } from './routes/field-configs';
import { slotRoutes } from './routes/slots';
import { slotAdminRoutes } from './routes/slot-admin';
import { userRoutes } from './routes/users';
import { rankingRoutes } from './routes/ranking';
import { rankRoutes } from './routes/rank';
import { announcementRoutes } from './routes/announcements';
import { notificationRoutes } from './routes/notifications';
import { chatRoutes } from './routes/chat';

export * from './route';

/** Every route, group by group (each group's list lives in routes/<group>.ts). */
export const routes = [
  ...authRoutes,
  ...settingsRoutes,
  ...cashRoutes,
  ...fieldConfigRoutes,
  ...slotRoutes,
  ...slotAdminRoutes,
  ...userRoutes,
  ...rankingRoutes,
  ...rankRoutes,
  ...announcementRoutes,
  ...notificationRoutes,
  ...chatRoutes,
] as const satisfies readonly RouteContract[];

export type Route = (typeof routes)[number];

/** The resource groups: one Lambda function each. */
export type GroupName = Route['group'];

const compiled = routes.map((r) => ({
  route: r as Route,
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
): { route: Route; pathParameters: Record<string, string> } | { route: null; methodMismatch: boolean } {
  let methodMismatch = false;
  const hits = compiled.filter((c) => c.regex.test(pathname)).sort((a, b) => a.names.length - b.names.length);
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
