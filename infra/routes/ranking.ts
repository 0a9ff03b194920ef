import type { RouteDef } from '../route-types';

/** The `ranking` group's routes: the ranking page's real data (issue 12 item 8, design §5). */
export const rankingRoutes = [
  { method: 'GET', path: '/api/ranking/keywords', group: 'ranking', op: 'keywords', access: 'user' },
  { method: 'GET', path: '/api/ranking/advertisers', group: 'ranking', op: 'advertisers', access: 'user' },
] as const satisfies readonly RouteDef[];
