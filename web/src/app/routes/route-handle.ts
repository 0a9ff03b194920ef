import type { Settings } from '#shared/settings';

/** Static data on each route (react-router `handle`): the header shows the deepest title. */
export interface RouteHandle {
  title: string | ((settings: Settings) => string);
}

export const isRouteHandle = (value: unknown): value is RouteHandle =>
  typeof value === 'object' && value !== null && 'title' in value;
