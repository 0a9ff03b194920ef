/**
 * `npm run rehearse`: the deploy rehearsal (docs/infra.md). Synthesizes a stage with the real CLI
 * into a directory outside the project, runs every function's asset with its template environment
 * against DynamoDB Local and local stand-ins, drives the API smoke run through the template's routes,
 * and fails on any call a policy does not allow, any setting a template lacks, any request no route
 * answers, any granted action no call used that infra/unrehearsed-grants.ts does not list. Cold-start
 * figures go to bench/results/rehearsal.json.
 *
 *   npm run rehearse                       # stage "rehearsal", 3 cold starts per function
 *   npm run rehearse -- --assembly DIR     # reuse a cdk.out (outside the project)
 *   npm run rehearse -- --stage alice --cold-starts 5
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { VIEWER_IP_HEADER } from '#shared/api';
import { projectRoot } from '../constructs/app-function';
import { startDynamoDbLocal } from '../local/dynamodb-local';
import { provideRuntimeModules, readAssembly, synthStage } from './assembly';
import { Rehearsal } from './rehearsal';
import type { LoadFigures } from './sandbox';
import { smokeRun, type SmokeStep } from './smoke';

const { values } = parseArgs({
  options: {
    assembly: { type: 'string' },
    stage: { type: 'string', default: 'rehearsal' },
    'cold-starts': { type: 'string', default: '3' },
  },
});
const coldStarts = Math.max(1, Number(values['cold-starts']));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function main(): Promise<number> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const temp = values.assembly ? undefined : mkdtempSync(path.join(tmpdir(), 'simple-slot-rehearsal-'));
  const dir = values.assembly ? path.resolve(values.assembly) : path.join(temp!, 'cdk.out');
  if (!path.relative(projectRoot, dir).startsWith('..'))
    throw new Error(
      `${dir} is inside the project: its bundles would find the project's packages. Use a directory outside it.`,
    );
  if (!values.assembly) {
    console.log(`cdk synth -c stage=${values.stage} → ${dir}`);
    await synthStage({ projectRoot, stage: values.stage!, outdir: dir });
  }
  provideRuntimeModules(dir, projectRoot);
  const assembly = readAssembly(dir);

  const dynamo = await startDynamoDbLocal();
  const rehearsal = await new Rehearsal(assembly, {
    dynamoEndpoint: dynamo.endpoint,
    viewerIpHeader: VIEWER_IP_HEADER,
  }).start();
  let steps: SmokeStep[] = [];
  let smokeError: string | undefined;
  try {
    await rehearsal.loadAll();
    const figures = [];
    for (const f of rehearsal.functions.values()) {
      if (!f.figures) continue;
      const runs: LoadFigures[] = [f.figures];
      for (let i = 1; i < coldStarts; i++) runs.push(await rehearsal.coldStart(f));
      figures.push({
        name: f.fn.name,
        stack: f.stack.name.replace(/^SimpleSlot-[^-]+-/, ''),
        runtime: f.fn.runtime,
        memoryMb: f.fn.memoryMb,
        bundleBytes: f.figures.bundleBytes,
        bundleKB: kb(f.figures.bundleBytes),
        assetBytes: f.figures.assetBytes,
        loadMs: Math.round(median(runs.map((r) => r.loadMs)) * 10) / 10,
        rssAfterLoadMB: mb(median(runs.map((r) => r.rssBytes))),
        heapUsedAfterLoadMB: mb(median(runs.map((r) => r.heapUsedBytes))),
      });
    }
    try {
      steps = await smokeRun(rehearsal);
    } catch (err) {
      smokeError = (err as Error).message;
    }
    await rehearsal.settled().catch(() => undefined);
    // Only a whole run tells which grants went unused.
    if (!smokeError) rehearsal.problems.push(...rehearsal.grantProblems());

    const notRehearsed = assembly.functions
      .filter((f) => !f.product)
      .map((f) => ({ name: f.logicalId, stack: f.stack, runtime: f.runtime, why: 'CDK-provided handler' }));
    const result = {
      at: new Date().toISOString(),
      machine: { node: process.version, cpus: cpus().length, model: cpus()[0]?.model },
      stage: values.stage,
      note:
        'loadMs: median of fresh `node` processes importing the synthesized asset (the SDK from node_modules, as ' +
        "the Lambda runtime provides it); rss/heap after that import. This machine's Node, not Lambda's.",
      functions: figures,
      notRehearsed,
      smoke: { steps, error: smokeError },
      unusedGrants: rehearsal
        .unusedGrants()
        .filter((u) => u.unused.length)
        .map((u) => ({ fn: u.fn, actions: u.unused })),
      problems: rehearsal.problems,
    };
    const out = path.join(projectRoot, 'bench', 'results');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'rehearsal.json'), `${JSON.stringify(result, null, 2)}\n`);

    console.log('\nCold starts (synthesized assets):');
    console.table(
      figures.map((f) => ({
        function: f.name,
        'bundle KB': f.bundleKB,
        'load ms': f.loadMs,
        'RSS MB': f.rssAfterLoadMB,
        'heap MB': f.heapUsedAfterLoadMB,
      })),
    );
    for (const n of notRehearsed) console.log(`not rehearsed: ${n.stack}/${n.name} (${n.runtime}, ${n.why})`);
    console.log('\nSmoke run:');
    for (const s of steps) console.log(`  ✓ ${s.name} (${s.ms} ms)`);
    if (smokeError) console.log(`  ✗ ${smokeError}`);
    console.log(
      '\nGranted, not used by this run (listed in infra/unrehearsed-grants.ts unless a grant problem below):',
    );
    for (const u of result.unusedGrants) console.log(`  ${u.fn}: ${u.actions.join(', ')}`);
    console.log(`\nwrote ${path.join(out, 'rehearsal.json')}`);
    if (rehearsal.problems.length || smokeError) {
      console.error('\nThe rehearsal FAILED:');
      for (const p of rehearsal.problems) console.error(`  ${p.kind}: ${p.message}`);
      return 1;
    }
    console.log(
      '\nThe rehearsal passed: every call allowed, every grant used or listed, every setting present, every request routed.',
    );
    return 0;
  } finally {
    await rehearsal.stop();
    await dynamo.stop();
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
