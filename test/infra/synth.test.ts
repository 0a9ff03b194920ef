import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#infra/constructs/app-function';
import { apiGroups } from '#infra/api-groups';

const run = promisify(execFile);

describe('cdk synth', () => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'cdk-synth-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  // What a deployer runs first: the real CLI, real esbuild bundles, no AWS credentials or network.
  it('synthesizes every stack of a stage offline', { timeout: 120_000 }, async () => {
    const { stderr } = await run('npx', ['cdk', 'synth', '--quiet', '-c', 'stage=citest', '-o', outdir], {
      cwd: projectRoot,
      timeout: 110_000,
    }).catch((error: { stderr?: string; message: string }) => {
      throw new Error(`cdk synth failed:\n${error.stderr ?? error.message}`);
    });

    const templates = readdirSync(outdir).filter((f) => f.endsWith('.template.json'));
    expect(templates.sort()).toEqual(
      ['Api', 'Data', 'Edge', 'Jobs', 'Realtime', 'Web'].map((s) => `SimpleSlot-citest-${s}.template.json`),
    );
    expect(stderr).not.toMatch(/\[Error at/);

    // Each group function and the bootstrap is a real esbuild bundle.
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'SimpleSlot-citest-Api.assets.json'), 'utf8'));
    const bundles = Object.values(manifest.files as Record<string, { source: { path: string } }>)
      .map((f) => path.join(outdir, f.source.path, 'index.mjs'))
      .filter(existsSync);
    expect(bundles).toHaveLength(Object.keys(apiGroups).length + 1);
  });
});
