/**
 * The one route table. The CDK API stack builds its HTTP API routes and Lambda functions from it,
 * the local server matches requests against it, and each group handler must implement exactly the
 * ops listed for its group (checked by the type of `defineGroup`).
 *
 * Adding a capability = a new group entry here + its route file infra/routes/<group>.ts (joined
 * below) + functions/api/<group>.ts, whose `defineGroup` takes that file's routes.
 */
import type { Access, HttpMethod, RouteDef } from './route-types';
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

export type { Access, HttpMethod, RouteDef };
export { routeKey } from './route-types';

export interface ApiGroup {
  /** Handler module, relative to the project root. */
  entry: string;
  /** Lambda memory; scrypt and bulk work want more than the default. */
  memoryMb?: number;
  timeoutSeconds?: number;
  /** Least privilege: groups that never write get read-only table access. */
  tableAccess: 'read' | 'readWrite';
  /** Extra environment the group needs (names only; values come from the stack). */
  needs?: ReadonlyArray<'signingKey' | 'websocketPush' | 'mediaBucket'>;
}

export const apiGroups = {
  // logout and switch-back close the ended session's sockets (issue 25)
  auth: {
    entry: 'functions/api/auth.ts',
    memoryMb: 1024,
    tableAccess: 'readWrite',
    needs: ['signingKey', 'websocketPush'],
  },
  settings: { entry: 'functions/api/settings.ts', tableAccess: 'readWrite' },
  // charge approved / rejected notify the user (issue 13): pushes over the WebSocket API
  cash: { entry: 'functions/api/cash.ts', tableAccess: 'readWrite', timeoutSeconds: 30, needs: ['websocketPush'] },
  fieldConfigs: { entry: 'functions/api/field-configs.ts', tableAccess: 'readWrite' },
  // a refund (PATCH /slots/{id}/status) notifies the owner (issue 13)
  slots: {
    entry: 'functions/api/slots.ts',
    memoryMb: 1024,
    timeoutSeconds: 29,
    tableAccess: 'readWrite',
    needs: ['websocketPush'],
  },
  /** The operator console's slot work (approval, refund preview, stats, issuance, extensions): its own function; approvals, issuance and extensions notify (issue 13). */
  slotAdmin: {
    entry: 'functions/api/slot-admin.ts',
    memoryMb: 1024,
    timeoutSeconds: 29,
    tableAccess: 'readWrite',
    needs: ['websocketPush'],
  },
  // operator console: user management (issue 10, users); scrypt for created users and password resets
  // a deactivation, demotion or delete closes the user's sockets (issue 25)
  users: { entry: 'functions/api/users.ts', memoryMb: 1024, tableAccess: 'readWrite', needs: ['websocketPush'] },
  // issue 12 item 8: the ranking page (reads only; cached a minute in the Lambda; a cold walk of 10,000 running slots takes ~0.8 s: bench/ranking)
  ranking: { entry: 'functions/api/ranking.ts', memoryMb: 1024, timeoutSeconds: 29, tableAccess: 'read' },
  // issue 12: rank tracking — worker keys (developers) and the two rank-check worker routes (x-api-key)
  rank: { entry: 'functions/api/rank.ts', memoryMb: 1024, timeoutSeconds: 29, tableAccess: 'readWrite' },
  // issue 15: announcements and their images (the media bucket: see infra/stacks/api-stack.ts); a pinned urgent one notifies users (push)
  announcements: {
    entry: 'functions/api/announcements.ts',
    tableAccess: 'readWrite',
    needs: ['mediaBucket', 'websocketPush'],
  },
  // issue 13: notifications — each user's inbox, the operator's send and history; pushes over the WebSocket API
  notifications: {
    entry: 'functions/api/notifications.ts',
    timeoutSeconds: 29,
    tableAccess: 'readWrite',
    needs: ['websocketPush'],
  },
  // issue 14: support chat — the advertiser's room, the operator inbox; each message and read pushes over the WebSocket API
  chat: { entry: 'functions/api/chat.ts', tableAccess: 'readWrite', needs: ['websocketPush'] },
} as const satisfies Record<string, ApiGroup>;

export type GroupName = keyof typeof apiGroups;

/** A route whose group is one of `apiGroups`. */
export type TableRoute = RouteDef & { group: GroupName };

/** Every route, group by group (each group's list lives in infra/routes/<group>.ts). */
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
] as const satisfies readonly TableRoute[];

export type Route = (typeof routes)[number];

/** The op names the route table lists for one group. */
export type OpsOf<G extends GroupName> = Extract<Route, { group: G }>['op'];

const compiled = routes.map((r) => ({
  route: r as TableRoute,
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
): { route: TableRoute; pathParameters: Record<string, string> } | { route: null; methodMismatch: boolean } {
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
