import type { RouteDef } from '../route-types';

/** The `auth` group's routes (its Lambda bundles only these; infra/routes.ts joins every group). */
export const authRoutes = [
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
] as const satisfies readonly RouteDef[];
