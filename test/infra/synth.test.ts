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

describe('rank alerts in the synthesized stacks', () => {
  it('the rank-ops-alerts job runs every five minutes, emits the rank metrics, and each has an alarm on the operator topic', async () => {
    expect((await synthOutcome()).error).toBe('');
    const outdir = inject('assemblyDir');
    const template = JSON.parse(readFileSync(path.join(outdir, 'SimpleSlot-citest-Jobs.template.json'), 'utf8'));
    const resources = Object.values(template.Resources as Record<string, any>);
    const metrics = ['RankWorkerSilent', 'RankChecksFailing', 'RankCoverageShort'];
    for (const metric of metrics) {
      const alarm = resources.find((r) => r.Type === 'AWS::CloudWatch::Alarm' && r.Properties.MetricName === metric);
      expect(alarm, `an alarm on ${metric}`).toBeDefined();
      expect(alarm.Properties).toMatchObject({
        Namespace: 'SimpleSlot/citest',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
      });
      expect(alarm.Properties.AlarmActions).toHaveLength(1);
    }
    const rule = resources.find(
      (r) => r.Type === 'AWS::Events::Rule' && r.Properties.ScheduleExpression === 'cron(*/5 * * * ? *)',
    );
    expect(rule?.Properties.Description).toMatch(/rank measuring/);

    // The job's real bundle writes those metrics as Embedded Metric Format lines in the same namespace.
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'SimpleSlot-citest-Jobs.assets.json'), 'utf8'));
    const bundles = Object.values(manifest.files as Record<string, { source: { path: string } }>)
      .map((f) => path.join(outdir, f.source.path, 'index.mjs'))
      .filter(existsSync)
      .map((file) => readFileSync(file, 'utf8'));
    const emitter = bundles.find((code) => code.includes('CloudWatchMetrics') && code.includes('RankChecksFailing'));
    expect(emitter).toBeDefined();
    for (const metric of metrics) expect(emitter).toContain(metric);
    expect(emitter).toContain('SimpleSlot/');
  });
});
