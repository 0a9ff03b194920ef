import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { projectRoot } from '../infra/constructs/app-function';
import { bundleFileName, esbuildOptions } from '../infra/constructs/lambda-bundling';
import { apiGroups } from '../infra/api-groups';
import { bootstrapEntry, schedules, websocketEntry } from '../infra/schedules';
import { machineFacts, round } from './stats';

/**
 * Lambda bundles benchmark (not a timed test; run with `npm run bench lambda-bundles`): bundles every Lambda
 * entry with the options AppFunction ships (infra/constructs/lambda-bundling.ts), and records per
 * bundle its minified and gzip size and its cold import time in a fresh `node` process, next to an
 * empty handler bundled the same way in the same run.
 *  - importMs: `await import(bundle)` in a fresh process, SDK and node: modules included.
 *  - ownImportMs: the same with the bundle's external imports (the SDK the Lambda runtime provides,
 *    node: builtins) loaded first, so it is the bundle's own parse + top-level work.
 * Targets for API groups: ≤ 360 KB minified (the tracer and metrics: docs/decisions.md), ownImportMs ≤ 20 ms
 * over the empty handler.
 * This machine's Node runs the bundles, not Lambda's Node 22: compare figures within one run.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MAX_API_BYTES = 360 * 1024;
const MAX_API_OWN_IMPORT_MS = 20;

const outRoot = join(projectRoot, 'node_modules/.cache/lambda-bundles');
const warmupFile = join(outRoot, '_src', 'warmup.mjs');
const run = promisify(execFile);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export interface LambdaEntry {
  name: string;
  kind: 'api' | 'job' | 'ws' | 'baseline';
  /** Relative to the project root. */
  entry: string;
}

/** Every Lambda AppFunction builds: API groups, scheduled jobs, the bootstrap, the WebSocket handler. */
export function lambdaEntries(): LambdaEntry[] {
  return [
    ...Object.entries(apiGroups).map(([name, g]) => ({ name, kind: 'api' as const, entry: g.entry })),
    ...schedules.map((s) => ({ name: s.name, kind: 'job' as const, entry: s.entry })),
    { name: 'bootstrap', kind: 'job', entry: bootstrapEntry },
    { name: 'ws', kind: 'ws', entry: websocketEntry },
  ];
}

/** Bundles one entry as AppFunction does; the file lands under node_modules so the SDK resolves. */
async function bundle(e: LambdaEntry) {
  const file = join(outRoot, e.name, bundleFileName());
  const result = await build({
    ...esbuildOptions(),
    entryPoints: [join(projectRoot, e.entry)],
    outfile: file,
    absWorkingDir: projectRoot,
    metafile: true,
    logLevel: 'error',
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint)!;
  const externals = [...new Set(output.imports.filter((i) => i.external).map((i) => i.path))];
  const code = readFileSync(file);
  // What pulls the weight: the top packages / source folders by minified bytes.
  const byPackage = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const key = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split('/')[0];
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
  const heaviest = Object.fromEntries([...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 6));
  return { ...e, file, bytes: code.length, gzipBytes: gzipSync(code).length, externals, heaviest };
}

/** Milliseconds `await import(file)` takes in a fresh node, optionally with `preload` imported first. */
async function coldImportMs(file: string, service: string, preload: string[]): Promise<number> {
  // A first file import warms Node's ESM loader in every run alike, so the empty baseline does not
  // carry the loader's own start-up (~5 ms), which the other bundles' preloads would hide.
  const script = `await import(${JSON.stringify(`file://${warmupFile}`)});
for (const m of ${JSON.stringify(preload)}) await import(m);
const t = performance.now(); await import(${JSON.stringify(`file://${file}`)});
process.stdout.write(String(performance.now() - t));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(file, '..'),
    // A clean environment: no NODE_OPTIONS from tsx; what a handler reads at import time.
    env: {
      PATH: process.env.PATH,
      TABLE_NAME: 'bench',
      STAGE: 'bench',
      AWS_REGION: 'ap-northeast-2',
      POWERTOOLS_SERVICE_NAME: service,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  });
  return Number(stdout);
}

export async function runLambdaBundlesBench(log: (msg: string) => void = console.log) {
  const loadAtStart = loadavg()[0];
  rmSync(outRoot, { recursive: true, force: true });
  mkdirSync(join(outRoot, '_src'), { recursive: true });
  const emptyEntry = join(outRoot, '_src', 'empty-handler.ts');
  writeFileSync(emptyEntry, 'export const handler = async () => ({ statusCode: 200 });\n');
  writeFileSync(warmupFile, 'export default 1;\n');

  const entries: LambdaEntry[] = [
    { name: 'empty', kind: 'baseline', entry: emptyEntry.slice(projectRoot.length) },
    ...lambdaEntries(),
  ];
  const bundles = [];
  for (const e of entries) bundles.push(await bundle(e));
  log(`bundled ${bundles.length} entries into ${outRoot}`);

  // Round-robin, so drift in the machine's load spreads over every bundle alike.
  const times = new Map(bundles.map((b) => [b.name, { all: [] as number[], own: [] as number[] }]));
  for (let i = 0; i < RUNS; i++) {
    for (const b of bundles) {
      times.get(b.name)!.all.push(await coldImportMs(b.file, b.name, []));
      times.get(b.name)!.own.push(await coldImportMs(b.file, b.name, b.externals));
    }
    log(`  import run ${i + 1}/${RUNS}`);
  }

  const empty = bundles[0];
  const emptyAll = median(times.get('empty')!.all);
  const emptyOwn = median(times.get('empty')!.own);
  const rows = bundles.map((b) => {
    const t = times.get(b.name)!;
    const importMs = median(t.all);
    const ownImportMs = median(t.own);
    return {
      name: b.name,
      kind: b.kind,
      entry: b.entry,
      bytes: b.bytes,
      kb: round(b.bytes / 1024),
      gzipBytes: b.gzipBytes,
      overEmptyBytes: b.bytes - empty.bytes,
      importMs: round(importMs),
      importOverEmptyMs: round(importMs - emptyAll),
      ownImportMs: round(ownImportMs),
      ownImportOverEmptyMs: round(ownImportMs - emptyOwn),
      importRunsMs: t.all.map(round),
      ownImportRunsMs: t.own.map(round),
      externals: b.externals,
      heaviestBytes: b.heaviest,
    };
  });
  const api = rows.filter((r) => r.kind === 'api');
  for (const r of rows) {
    log(
      `${r.name.padEnd(18)} ${String(r.kb).padStart(6)} KB  gzip ${String(round(r.gzipBytes / 1024)).padStart(5)} KB  import ${String(r.importMs).padStart(6)} ms  own ${String(r.ownImportMs).padStart(5)} ms (+${r.ownImportOverEmptyMs} over empty)`,
    );
  }
  return {
    bench: 'lambda-bundles',
    at: new Date().toISOString(),
    machine: machineFacts(loadAtStart),
    runs: RUNS,
    esbuild: esbuildOptions(),
    targets: { apiMaxBytes: MAX_API_BYTES, apiMaxOwnImportOverEmptyMs: MAX_API_OWN_IMPORT_MS },
    met: {
      size: api.every((r) => r.bytes <= MAX_API_BYTES),
      ownImport: api.every((r) => r.ownImportOverEmptyMs <= MAX_API_OWN_IMPORT_MS),
    },
    bundles: rows,
  };
}
