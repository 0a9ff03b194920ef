import { CfnResource, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { nagAcknowledgements } from '#infra/nag-acknowledgements';
import { addSimpleSlot } from '#infra/simple-slot';
import { testApp } from '#test/infra/support';

/**
 * cdk-nag v3 over the whole app, wired exactly as infra/app.ts wires it (Validations plugins, run
 * by app.synth() after cross-stack references are resolved): an unacknowledged finding fails synth.
 * `validateScope` (before synth) lists the findings by name for a readable failure.
 */
const check = (context: Record<string, unknown>) => {
  const app = testApp(context);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  addSimpleSlot(app);
  const early = [new AwsSolutionsChecks(app), new ServerlessChecks(app)]
    .flatMap((pack) => pack.validateScope(app).violations)
    .flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath ?? r.resourceLogicalId}`));
  let synthError = '';
  try {
    app.synth();
  } catch (error) {
    synthError = (error as Error).message;
  }
  return { app, early, synthError };
};

describe('cdk-nag (AwsSolutions and Serverless packs)', () => {
  const sandbox = check({ stage: 'tester' });

  it('finds nothing unacknowledged in a sandbox', () => {
    expect(sandbox.early).toEqual([]);
    expect(sandbox.synthError).toBe('');
  });

  it('finds nothing unacknowledged in production (pinned account and region)', () => {
    const prod = check({
      stage: 'prod',
      prodAccount: '123456789012',
      prodRegion: 'eu-central-1',
      alarmEmail: 'ops@example.com',
    });
    expect(prod.early).toEqual([]);
    expect(prod.synthError).toBe('');
  });

  it('gives every acknowledgement a specific reason and a resource it applies to', () => {
    const paths = sandbox.app.node
      .findAll()
      .filter(CfnResource.isCfnResource)
      .map((c) => c.node.path.replace(/^SimpleSlot-tester-/, ''));
    for (const ack of nagAcknowledgements) {
      expect(ack.reason.length, ack.id).toBeGreaterThan(60);
      expect(
        paths.some((p) => ack.where.test(p)),
        `${ack.id} ${ack.where}`,
      ).toBe(true);
    }
  });
});
