import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers point one way: api/ws/jobs → http → domain → storage/adapters → commons → shared.
 * Each source file's imports (type-only ones included) are read and resolved; an import that points
 * up or sideways across layers, or a domain file that reaches for AWS or Lambda packages, fails here
 * with the file and the import named.
 */
const root = normalize(join(import.meta.dirname, '../..'));

type Layer = 'entry' | 'http' | 'domain' | 'storage' | 'adapters' | 'commons' | 'shared' | 'routes' | 'web' | 'other';

function layerOf(file: string): Layer {
  if (/^functions\/(api|ws|jobs)\//.test(file)) return 'entry';
  if (file.startsWith('functions/http/')) return 'http';
  if (file.startsWith('functions/domain/')) return 'domain';
  if (file.startsWith('functions/storage/')) return 'storage';
  if (file.startsWith('functions/adapters/')) return 'adapters';
  if (file.startsWith('functions/commons/')) return 'commons';
  if (file.startsWith('shared/')) return 'shared';
  // The route table: who may call what; each group's handler serves its own route file and the
  // HTTP adapter enforces the access levels.
  if (file === 'infra/routes.ts' || file === 'infra/route-types.ts' || file.startsWith('infra/routes/'))
    return 'routes';
  if (file.startsWith('web/')) return 'web';
  return 'other';
}

/** What each layer may import (its own layer included where listed). */
const allowed: Record<Layer, Layer[]> = {
  entry: ['http', 'domain', 'commons', 'shared', 'routes'],
  http: ['http', 'domain', 'commons', 'shared', 'routes'],
  domain: ['domain', 'storage', 'adapters', 'commons', 'shared'],
  storage: ['storage', 'commons', 'shared'],
  adapters: ['adapters', 'storage', 'commons', 'shared'],
  commons: ['commons', 'shared'],
  shared: ['shared'],
  routes: ['routes'],
  web: [],
  other: [],
};

/** Packages the domain must not know: it is plain TypeScript over storage modules. */
const domainForbiddenPackages = /^(@aws-sdk\/|aws-lambda$|@middy\/|@aws-lambda-powertools\/)/;

const aliases: Array<[string, string]> = [
  ['#shared/', 'shared/'],
  ['#commons/', 'functions/commons/'],
  ['#infra/', 'infra/'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const specifiers = (source: string) =>
  [
    ...source.matchAll(
      /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2]);

function resolveSpecifier(from: string, spec: string): string | null {
  for (const [alias, dir] of aliases) if (spec.startsWith(alias)) return `${dir}${spec.slice(alias.length)}.ts`;
  if (spec.startsWith('.')) return relative(root, join(root, dirname(from), spec)).replace(/(\.ts)?$/, '.ts');
  return null; // a package
}

interface Violation {
  file: string;
  imports: string;
  why: string;
}

export function layerViolations(files: string[], read: (file: string) => string): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const from = layerOf(file);
    for (const spec of specifiers(read(file))) {
      const target = resolveSpecifier(file, spec);
      if (!target) {
        if (from === 'domain' && domainForbiddenPackages.test(spec))
          violations.push({ file, imports: spec, why: 'domain code imports no AWS SDK or Lambda packages' });
        continue;
      }
      const to = layerOf(target);
      if (!allowed[from].includes(to)) violations.push({ file, imports: spec, why: `${from} may not import ${to}` });
    }
  }
  return violations;
}

describe('layers', () => {
  const files = [...sourceFiles('functions'), ...sourceFiles('shared')];
  const read = (file: string) => readFileSync(join(root, file), 'utf8');

  it('every server import points down the layers', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(layerViolations(files, read)).toEqual([]);
  });

  it('catches an import that points the wrong way', () => {
    const planted: Record<string, string> = {
      'functions/domain/x.ts': "import { logger } from '../http/logger';\nimport type { Context } from 'aws-lambda';",
      'functions/api/y.ts': "import { usersStore } from '../storage/users';",
      'functions/storage/z.ts': "import { getSettings } from '../domain/settings/settings-service';",
      'functions/commons/w.ts': "import { db } from '../storage/client';",
      'shared/v.ts': "import { config } from '#commons/config';",
    };
    const found = layerViolations(Object.keys(planted), (f) => planted[f]);
    expect(found.map((v) => v.why)).toEqual([
      'domain may not import http',
      'domain code imports no AWS SDK or Lambda packages',
      'entry may not import storage',
      'storage may not import domain',
      'commons may not import storage',
      'shared may not import commons',
    ]);
  });
});
