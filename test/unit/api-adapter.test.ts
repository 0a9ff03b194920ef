import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../shared/contract/index';

/**
 * The HTTP adapter (functions/http) is driven by route attributes only: it names no route, group or
 * op. A route's policy (open in maintenance, its own 403 text, actor-only session) is written on the
 * route in shared/contract, where the docs and the web client read it too.
 */
const root = join(import.meta.dirname, '../..');

function adapterFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return adapterFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const groups: string[] = [...new Set(routes.map((r) => r.group))];

export function routesNamed(source: string): string[] {
  const literals = [...source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  const named = literals.filter(
    (text) => groups.includes(text) || routes.some((r) => text.includes(r.path) || text.includes(routeKey(r))),
  );
  const compared = [...source.matchAll(/\.(op|group)\s*[!=]==?\s*['"`]([^'"`]+)/g)].map((m) => `${m[1]} ${m[2]}`);
  return [...named, ...compared];
}

describe('the HTTP adapter', () => {
  it('names no route, group or op in its code', () => {
    const files = adapterFiles('functions/http');
    expect(files.filter((f) => f.includes('/middleware/')).length).toBeGreaterThanOrEqual(8);
    const found = files.flatMap((f) => routesNamed(readFileSync(join(root, f), 'utf8')).map((n) => `${f}: ${n}`));
    expect(found).toEqual([]);
  });

  it('catches a route policy written into the adapter', () => {
    expect(routesNamed("const open = new Set(['POST /api/auth/login']);")).toEqual(['POST /api/auth/login']);
    expect(routesNamed("if (route.group === 'auth' && route.op === 'switchBack') {}")).toEqual([
      'auth',
      'group auth',
      'op switchBack',
    ]);
    expect(routesNamed("const texts = { settings: { operator: '…' } }; const g = 'settings';")).toEqual(['settings']);
  });
});
