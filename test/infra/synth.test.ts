import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { synthOutcome } from '../support/synth-outcome';
import { apiGroups } from '../../infra/api-groups';
import { metricCatalogue } from '../../shared/metric-catalogue';
import { WORK_QUEUE_NAMES } from '../../shared/work-queues';

describe('cdk synth', () => {
  // What a deployer runs first: the real CLI, real esbuild bundles, no AWS credentials or network
  // (test/support/synth-global-setup.ts runs it once for this project).
  it('synthesizes every stack of a stage offline', async () => {
    const { error, stderr } = await synthOutcome();
    expect(error).toBe('');
    const outdir = inject('assemblyDir');
    const templates = readdirSync(outdir).filter((f) => f.endsWith('.template.json'));
    expect(templates.sort()).toEqual(
      ['Api', 'Data', 'Edge', 'Jobs', 'Monitoring', 'Realtime', 'Web', 'Work'].map(
        (s) => `SimpleSlot-citest-${s}.template.json`,
      ),
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

describe('dashboard and alarms in the synthesized stacks', () => {
  type Json = any;
  const namespace = 'SimpleSlot/citest';
  const templates = (): Json[] => {
    const outdir = inject('assemblyDir');
    return readdirSync(outdir)
      .filter((f) => f.endsWith('.template.json'))
      .map((f) => JSON.parse(readFileSync(path.join(outdir, f), 'utf8')));
  };
  const resourcesOf = (type: string): Json[] =>
    templates().flatMap((t) => Object.values(t.Resources as Record<string, Json>).filter((r) => r.Type === type));

  /** The dashboard body as the console reads it; references to other stacks become TOKEN. */
  function dashboardBody(): Json {
    const [dashboard] = resourcesOf('AWS::CloudWatch::Dashboard');
    const body = dashboard.Properties.DashboardBody;
    const text =
      typeof body === 'string'
        ? body
        : body['Fn::Join'][1].map((p: Json) => (typeof p === 'string' ? p : 'TOKEN')).join('');
    return JSON.parse(text);
  }

  /** Every metric a widget draws: [namespace, name, {dimension: value}] (a SEARCH names its dimension set). */
  function dashboardMetrics(): Array<{ namespace: string; name: string; dimensions: string[] }> {
    const found: Array<{ namespace: string; name: string; dimensions: string[] }> = [];
    for (const widget of dashboardBody().widgets as Json[]) {
      for (const entry of (widget.properties?.metrics ?? []) as Json[][]) {
        const search =
          typeof entry[0] === 'object' && /SEARCH\('\{([^}]*)\} MetricName="(\w+)"/.exec(entry[0].expression);
        if (search) {
          const [ns, ...dimensions] = search[1].split(',');
          found.push({ namespace: ns, name: search[2], dimensions });
          continue;
        }
        if (typeof entry[0] !== 'string') continue;
        const [ns, name, ...rest] = entry.filter((e) => typeof e === 'string');
        found.push({ namespace: ns, name, dimensions: rest.filter((_, i) => i % 2 === 0) });
      }
    }
    return found;
  }

  it('one dashboard per stage shows the API per group, the functions, the table, the queues and the rank figures', async () => {
    expect((await synthOutcome()).error).toBe('');
    const dashboards = resourcesOf('AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0].Properties.DashboardName).toBe('simple-slot-citest');

    const shown = dashboardMetrics();
    const has = (ns: string, name: string, dims?: Record<string, string>) =>
      shown.some(
        (m) =>
          m.namespace === ns && m.name === name && (!dims || Object.keys(dims).every((d) => m.dimensions.includes(d))),
      );
    for (const name of ['ApiRequests', 'ApiClientErrors', 'ApiServerErrors', 'ApiLatency'])
      expect(shown.filter((m) => m.namespace === namespace && m.name === name).length, `${name} per group`).toBe(
        Object.keys(apiGroups).length,
      );
    expect(has(namespace, 'ApiErrors')).toBe(true);
    for (const name of ['Errors', 'Throttles', 'Duration'])
      expect(has('AWS/Lambda', name), `Lambda ${name}`).toBe(true);
    for (const name of ['ReadThrottleEvents', 'WriteThrottleEvents'])
      expect(has('AWS/DynamoDB', name), name).toBe(true);
    for (const name of ['ApproximateNumberOfMessagesVisible', 'ApproximateAgeOfOldestMessage'])
      expect(has('AWS/SQS', name), name).toBe(true);
    for (const name of ['Count', '4xx', '5xx', 'Latency'])
      expect(has('AWS/ApiGateway', name), `gateway ${name}`).toBe(true);
    for (const name of [
      'RankCoveragePercent',
      'RankDuePairs',
      'RankChecksStored',
      'SlotsRegistered',
      'ChargedWon',
      'Refunds',
    ])
      expect(has(namespace, name), name).toBe(true);
  });

  it('every product metric the dashboard and the alarms name is one the functions record, with its exact dimensions', async () => {
    expect((await synthOutcome()).error).toBe('');
    // Metrics CloudWatch Logs derives from log lines (`alarm: NAME`) are the metric filters' own.
    const fromLogLines = new Set(
      resourcesOf('AWS::Logs::MetricFilter').flatMap((f) =>
        f.Properties.MetricTransformations.map((t: Json) => t.MetricName),
      ),
    );
    const named = [
      ...dashboardMetrics().filter((m) => m.namespace === namespace),
      ...resourcesOf('AWS::CloudWatch::Alarm').flatMap((a): Array<{ name: string; dimensions: string[] }> => {
        const single = a.Properties.Namespace === namespace ? [a.Properties] : [];
        const inMath = (a.Properties.Metrics ?? [])
          .map((m: Json) => m.MetricStat?.Metric)
          .filter((m: Json) => m?.Namespace === namespace);
        return [...single, ...inMath]
          .filter((m: Json) => !fromLogLines.has(m.MetricName))
          .map((m: Json) => ({ name: m.MetricName, dimensions: (m.Dimensions ?? []).map((d: Json) => d.Name) }));
      }),
    ];
    expect(named.length).toBeGreaterThan(30);
    for (const { name, dimensions } of named) {
      const def = (metricCatalogue as Record<string, { dimensions: readonly string[] }>)[name];
      expect(def, `${name} is in the catalogue the code records with`).toBeDefined();
      expect([...dimensions].sort(), `${name}'s dimensions`).toEqual([...def.dimensions].sort());
    }
    // …and the code records each catalogue name somewhere (a name only the catalogue knows would be a flat graph).
    const sources = sourceFiles('functions').filter(
      (f) => !f.endsWith('metric-catalogue.ts') && !f.endsWith('.test.ts'),
    );
    const code = sources.map((f) => readFileSync(f, 'utf8')).join('\n');
    for (const name of Object.keys(metricCatalogue))
      expect(code, `${name} is recorded`).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('alarms on what needs a person go to the operator topic', async () => {
    expect((await synthOutcome()).error).toBe('');
    const outdir = inject('assemblyDir');
    const template = JSON.parse(readFileSync(path.join(outdir, 'SimpleSlot-citest-Monitoring.template.json'), 'utf8'));
    const alarms = Object.values(template.Resources as Record<string, Json>).filter(
      (r) => r.Type === 'AWS::CloudWatch::Alarm',
    );
    // An alarm names its metric directly, or (with a label) as its one metric query.
    const watched = (a: Json) => {
      const stat = a.Properties.Metrics?.find((m: Json) => m.MetricStat)?.MetricStat;
      return stat
        ? { name: stat.Metric.MetricName, dimensions: stat.Metric.Dimensions ?? [], statistic: stat.Stat }
        : {
            name: a.Properties.MetricName,
            dimensions: a.Properties.Dimensions ?? [],
            statistic: a.Properties.ExtendedStatistic ?? a.Properties.Statistic,
          };
    };
    const about = (name: string, dims: Record<string, string> = {}) =>
      alarms
        .map(watched)
        .filter(
          (w) =>
            w.name === name &&
            Object.entries(dims).every(([k, v]) => w.dimensions.some((d: Json) => d.Name === k && d.Value === v)),
        );
    for (const group of Object.keys(apiGroups)) {
      expect(about('ApiServerErrors', { group }), `5xx of ${group}`).toHaveLength(1);
      expect(about('ApiLatency', { group })[0]?.statistic, `latency of ${group}`).toBe('p95');
    }
    expect(about('ApproximateAgeOfOldestMessage')).toHaveLength(WORK_QUEUE_NAMES.length);
    for (const a of alarms) expect(a.Properties.AlarmActions, a.Properties.AlarmDescription).toHaveLength(1);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}
