import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers point one way: api/ws/jobs/queues → http (or queues/consumer.ts) → domain →
 * storage/adapters → commons → shared; http reaches adapters too (the origin lock's secret), and only
 * storage uses storage/item-io.
 * Around them: `infra/` (deployment config and CDK stacks) and `functions/` never import each other
 * (both read the contract in shared/contract); the local runtime (infra/local) runs the functions as
 * Lambda would, so it may import them; the deploy rehearsal (infra/rehearsal) runs only the synthesized
 * bundles, so it may import local's servers but never a function source; `web/` and `rank-worker/` import shared and themselves only;
 * `bench/` and `scripts/` may import anything, and no source imports them (tests may: the soak test
 * runs the bench's soak). Each source file's imports (type-only ones included) are read and resolved;
 * an import that points the wrong way, or a domain file that reaches for AWS or Lambda packages,
 * fails here with the file and the import named.
 */
const root = normalize(join(import.meta.dirname, '../..'));

type Layer =
  | 'entry'
  | 'queuePipeline'
  | 'http'
  | 'domain'
  | 'storage'
  | 'adapters'
  | 'commons'
  | 'shared'
  | 'infra'
  | 'local'
  | 'rehearsal'
  | 'web'
  | 'rankWorker'
  | 'bench'
  | 'scripts'
  | 'test'
  | 'other';

function layerOf(file: string): Layer {
  // The SQS counterpart of http/: the one consumer shape every queue entry is built with.
  if (file === 'functions/queues/consumer.ts') return 'queuePipeline';
  if (/^functions\/(api|ws|jobs|queues)\//.test(file)) return 'entry';
  if (file.startsWith('functions/http/')) return 'http';
  if (file.startsWith('functions/domain/')) return 'domain';
  if (file.startsWith('functions/storage/')) return 'storage';
  if (file.startsWith('functions/adapters/')) return 'adapters';
  if (file.startsWith('functions/commons/')) return 'commons';
  if (file.startsWith('shared/')) return 'shared';
  if (file.startsWith('infra/local/')) return 'local';
  if (file.startsWith('infra/rehearsal/')) return 'rehearsal';
  if (file.startsWith('infra/')) return 'infra';
  if (file.startsWith('web/')) return 'web';
  if (file.startsWith('rank-worker/')) return 'rankWorker';
  if (file.startsWith('bench/')) return 'bench';
  if (file.startsWith('scripts/')) return 'scripts';
  if (file.startsWith('test/')) return 'test';
  return 'other';
}

const functionLayers: Layer[] = ['entry', 'queuePipeline', 'http', 'domain', 'storage', 'adapters', 'commons'];
const everything: Layer[] = [
  ...functionLayers,
  'shared',
  'infra',
  'local',
  'rehearsal',
  'web',
  'rankWorker',
  'bench',
  'scripts',
  'test',
];

/** What each layer may import (its own layer included where listed). */
const allowed: Record<Layer, Layer[]> = {
  entry: ['queuePipeline', 'http', 'domain', 'commons', 'shared'],
  queuePipeline: ['commons', 'shared'],
  // adapters: the origin lock reads its secret through one (http/ itself calls no AWS service).
  http: ['http', 'domain', 'adapters', 'commons', 'shared'],
  domain: ['domain', 'storage', 'adapters', 'commons', 'shared'],
  storage: ['storage', 'commons', 'shared'],
  adapters: ['adapters', 'storage', 'commons', 'shared'],
  commons: ['commons', 'shared'],
  shared: ['shared'],
  infra: ['infra', 'shared'],
  local: ['local', 'infra', 'shared', ...functionLayers],
  rehearsal: ['rehearsal', 'local', 'infra', 'shared'],
  web: ['web', 'shared'],
  rankWorker: ['rankWorker', 'shared'],
  bench: everything,
  scripts: everything,
  test: [],
  other: [],
};

/**
 * Storage's own toolkit (raw paged queries and batch writes): other layers reach the table through a
 * store's methods; the generic helpers they need (`chunk`, `inParallel`) live in commons/batching.
 */
const storageToolkit = 'functions/storage/item-io.ts';

/** Packages the domain must not know: it is plain TypeScript over storage modules. */
const domainForbiddenPackages = /^(@aws-sdk\/|aws-lambda$|@middy\/|@aws-lambda-powertools\/)/;
/** http/ is the HTTP adapter pipeline only: AWS services are reached through storage and adapters. */
const httpForbiddenPackages = /^@aws-sdk\//;

const aliases: Array<[string, string]> = [
  ['#shared/', 'shared/'],
  ['#commons/', 'functions/commons/'],
  ['#infra/', 'infra/'],
  ['#test/', 'test/'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
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
  if (spec.startsWith('.'))
    return relative(root, join(root, dirname(from), spec)).replace(/(\.m?[jt]sx?)?$/, (ext) => ext || '.ts');
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
        if (from === 'http' && httpForbiddenPackages.test(spec))
          violations.push({ file, imports: spec, why: 'http code imports no AWS SDK package' });
        continue;
      }
      const to = layerOf(target);
      if (!allowed[from].includes(to)) violations.push({ file, imports: spec, why: `${from} may not import ${to}` });
      else if (target === storageToolkit && from !== 'storage' && functionLayers.includes(from))
        violations.push({ file, imports: spec, why: `${from} may not import storage's item-io` });
    }
  }
  return violations;
}

describe('layers', () => {
  const files = ['functions', 'shared', 'infra', 'web', 'rank-worker', 'bench', 'scripts'].flatMap(sourceFiles);
  const read = (file: string) => readFileSync(join(root, file), 'utf8');

  it('every import points down the layers, and infra/ and functions/ never import each other', () => {
    expect(files.filter((f) => f.startsWith('infra/')).length).toBeGreaterThan(20);
    expect(layerViolations(files, read)).toEqual([]);
  });

  it('catches an import that points the wrong way', () => {
    const planted: Record<string, string> = {
      'functions/domain/x.ts': "import { logger } from '../http/logger';\nimport type { Context } from 'aws-lambda';",
      'functions/api/y.ts': "import { usersStore } from '../storage/users';",
      'functions/storage/z.ts': "import { getSettings } from '../domain/settings/settings-service';",
      'functions/commons/w.ts': "import { db } from '../storage/client';",
      'shared/v.ts': "import { config } from '#commons/config';",
      'infra/stacks/u.ts': "import { originLock } from '../../functions/http/middleware/origin-lock';",
      'functions/http/t.ts': "import { apiGroups } from '#infra/api-groups';",
      'functions/api/s.ts': "import { slotRoutes } from '#shared/contract/routes/slots';",
      'infra/local/r.ts': "import { bootstrap } from '../../functions/domain/bootstrap';",
      'web/src/lib/q.ts': "import { keys } from '../../../functions/storage/keys';",
      'web/src/lib/p.ts': "import { apiGroups } from '../../../infra/api-groups';",
      'rank-worker/o.ts': "import { runSoak } from '../bench/soak';",
      'functions/domain/n.ts': "import { seed } from '../../scripts/demo-data';",
      'functions/domain/l.ts': "import { queryAll } from '../storage/item-io';",
      'functions/adapters/k.ts': "import { inParallel } from '../storage/item-io';",
      'functions/http/j.ts': "import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';",
      'functions/domain/i.ts': "import { workQueueConsumer } from '../queues/consumer';",
      'bench/m.ts':
        "import { handler } from '../functions/api/slots';\nimport { apiGroups } from '../infra/api-groups';",
    };
    const found = layerViolations(Object.keys(planted), (f) => planted[f]);
    expect(found.map((v) => v.why)).toEqual([
      'domain may not import http',
      'domain code imports no AWS SDK or Lambda packages',
      'entry may not import storage',
      'storage may not import domain',
      'commons may not import storage',
      'shared may not import commons',
      'infra may not import http',
      'http may not import infra',
      'web may not import storage',
      'web may not import infra',
      'rankWorker may not import bench',
      'domain may not import scripts',
      "domain may not import storage's item-io",
      "adapters may not import storage's item-io",
      'http code imports no AWS SDK package',
      'domain may not import queuePipeline',
    ]);
  });
});

/**
 * The SPA's folders point one way too: app → features → components/lib/hooks/styles → shared.
 * A feature never imports another feature (the app composes them: routes pass components and
 * callbacks in), and the shared folders never import a feature or the app. Test files, CSS imports
 * and CSS `composes … from` count: a test or a style that reaches into another feature couples the
 * two just the same.
 */
type WebLayer = { kind: 'app' } | { kind: 'feature'; name: string } | { kind: 'common' } | { kind: 'shared' } | null;

function webLayerOf(file: string): WebLayer {
  if (file.startsWith('shared/')) return { kind: 'shared' };
  if (!file.startsWith('web/src/')) return null;
  const rest = file.slice('web/src/'.length);
  const feature = /^features\/([^/]+)\//.exec(rest);
  if (feature) return { kind: 'feature', name: feature[1] };
  if (/^(components|lib|hooks|styles)\//.test(rest)) return { kind: 'common' };
  return { kind: 'app' }; // app/, main.tsx
}

const webSpecifiers = (source: string) =>
  [
    ...source.matchAll(
      /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|composes:[^;]*?from\s*['"]([^'"]+)['"]/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]);

function resolveWebSpecifier(from: string, spec: string): string | null {
  if (spec.startsWith('@/')) return `web/src/${spec.slice(2)}`;
  if (spec.startsWith('#shared/')) return `shared/${spec.slice('#shared/'.length)}`;
  if (spec.startsWith('.')) return posix.normalize(posix.join(posix.dirname(from), spec));
  return null; // a package
}

export function webLayerViolations(files: string[], read: (file: string) => string): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const from = webLayerOf(file);
    if (!from || from.kind === 'app') continue;
    for (const spec of webSpecifiers(read(file))) {
      const target = resolveWebSpecifier(file, spec);
      const to = target && webLayerOf(target);
      if (!to) {
        if (target) violations.push({ file, imports: spec, why: 'web code imports only web/src and shared' });
        continue;
      }
      if (to.kind === 'app')
        violations.push({ file, imports: spec, why: `${describeWeb(from)} may not import the app` });
      else if (to.kind === 'feature' && (from.kind !== 'feature' || from.name !== to.name))
        violations.push({ file, imports: spec, why: `${describeWeb(from)} may not import feature ${to.name}` });
    }
  }
  return violations;
}

const describeWeb = (layer: NonNullable<WebLayer>) =>
  layer.kind === 'feature' ? `feature ${layer.name}` : layer.kind === 'common' ? 'shared web code' : layer.kind;

function webFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return webFiles(path);
    return /\.(tsx?|css)$/.test(e.name) ? [path] : [];
  });
}

describe('web layers', () => {
  const files = webFiles('web/src');
  const read = (file: string) => readFileSync(join(root, file), 'utf8');

  it('no feature imports another feature, and components/lib/hooks import no feature', () => {
    expect(files.filter((f) => f.startsWith('web/src/features/')).length).toBeGreaterThan(100);
    expect(webLayerViolations(files, read)).toEqual([]);
  });

  it('catches an import across features or from the shared folders into a feature', () => {
    const planted: Record<string, string> = {
      'web/src/features/slot-admin/components/a.tsx':
        "import { RankHistoryModal } from '@/features/slots/components/rank-history-modal';",
      'web/src/features/slots/components/b.tsx':
        "const M = lazy(() => import('../../slot-bulk/components/bulk-input-modal'));",
      'web/src/features/slots/components/c.tsx':
        "import styles from '../../slot-admin/components/admin-slots.module.css';",
      'web/src/components/ui/d.tsx': "import { useSlots } from '@/features/slots/api/get-slots';",
      'web/src/lib/e.ts': "export { x } from '../features/cash/api/x';",
      'web/src/components/ui/g.module.css':
        ".row {\n  composes: row from '../../features/users/components/users.module.css';\n}",
      'web/src/hooks/f.ts': "import { router } from '@/app/router';",
      'web/src/features/slots/api/ok.ts':
        "import { api } from '@/lib/api-client';\nimport { x } from '../utils/x';\nimport { slotSchema } from '#shared/schemas/slots';",
      'web/src/app/routes/ok.tsx':
        "import { AdminSlotsPage } from '@/features/slot-admin/components/admin-slots-page';",
    };
    const found = webLayerViolations(Object.keys(planted), (f) => planted[f]);
    expect(found.map((v) => v.why)).toEqual([
      'feature slot-admin may not import feature slots',
      'feature slots may not import feature slot-bulk',
      'feature slots may not import feature slot-admin',
      'shared web code may not import feature slots',
      'shared web code may not import feature cash',
      'shared web code may not import feature users',
      'shared web code may not import the app',
    ]);
  });
});
