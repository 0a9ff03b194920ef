import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { synthOutcome } from '../support/synth-outcome';

describe('cdk synth', () => {
  // What a deployer runs first: the real CLI, real esbuild bundles, no AWS credentials or network
  // (test/support/synth-global-setup.ts runs it once for this project).
  it('synthesizes every stack of a stage offline', async () => {
    const { error, stderr } = await synthOutcome();
    expect(error).toBe('');
    const outdir = inject('assemblyDir');
    const templates = readdirSync(outdir).filter((f) => f.endsWith('.template.json'));
    expect(templates.sort()).toEqual(
      ['Api', 'Data', 'Edge', 'Jobs', 'Realtime', 'Web', 'Work'].map((s) => `SimpleSlot-citest-${s}.template.json`),
    );
    expect(stderr).not.toMatch(/\[Error at/);

    // Each group function and the bootstrap is a real esbuild bundle.
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'SimpleSlot-citest-Api.assets.json'), 'utf8'));
    const template = JSON.parse(readFileSync(path.join(outdir, 'SimpleSlot-citest-Api.template.json'), 'utf8'));
    const appFunctions = Object.values(template.Resources as Record<string, any>).filter(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME,
    );
    const bundles = Object.values(manifest.files as Record<string, { source: { path: string } }>)
      .map((f) => path.join(outdir, f.source.path, 'index.mjs'))
      .filter(existsSync);
    expect(appFunctions.length).toBeGreaterThan(10);
    expect(bundles).toHaveLength(appFunctions.length);
  });
});
