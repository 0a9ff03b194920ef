import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiGroups } from '../../infra/api-groups';
import { matchRoute, routeKey, routes } from '../../shared/contract/index';

const root = resolve(import.meta.dirname, '../..');
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name) => `sample-${name}`);

describe('route table', () => {
  it('has no route listed twice', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('points every group at a handler module that exists', () => {
    for (const group of Object.values(apiGroups))
      expect(existsSync(resolve(root, group.entry)), group.entry).toBe(true);
  });

  it('matches every route from a concrete path, literal segments before parameters', () => {
    for (const route of routes) {
      const match = matchRoute(route.method, concrete(route.path));
      expect(match.route, routeKey(route)).toBe(route);
    }
  });

  it('extracts and decodes path parameters', () => {
    const match = matchRoute('GET', '/api/system-settings/key/site%20Name');
    expect(match.route && match.pathParameters).toEqual({ key: 'site Name' });
    // A malformed escape names nothing: not found (404), never a crash (500).
    expect(matchRoute('GET', '/api/slots/%E0%A4%A')).toEqual({ route: null, methodMismatch: false });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(matchRoute('DELETE', '/api/auth/login')).toEqual({ route: null, methodMismatch: true });
    expect(matchRoute('GET', '/api/nothing-here')).toEqual({ route: null, methodMismatch: false });
  });

  it("keeps each group's routes in its own file, which is exactly what that group's handler serves", async () => {
    const dir = resolve(root, 'shared/contract/routes');
    const seen = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const exported = Object.values(await import(resolve(dir, file))) as Array<Array<{ group: string }>>;
      expect(exported, file).toHaveLength(1);
      const groups = new Set(exported[0].map((r) => r.group));
      expect([...groups], `${file} lists one group`).toHaveLength(1);
      const [group] = groups;
      seen.add(group);
      const entry = apiGroups[group as keyof typeof apiGroups].entry;
      expect(readFileSync(resolve(root, entry), 'utf8'), `${entry} serves shared/contract/routes/${file}`).toContain(
        `from '#shared/contract/routes/${file.replace(/\.ts$/, '')}'`,
      );
    }
    expect([...seen].sort()).toEqual(Object.keys(apiGroups).sort());
  });
});
