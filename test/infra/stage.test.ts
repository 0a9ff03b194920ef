import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { addSimpleSlot } from '#infra/simple-slot';
import { FALLBACK_REGION } from '#infra/stage';
import { appFunctions, testApp } from '#test/infra/support';

/**
 * Constructing (not synthesizing) the app is enough to see which stage, account and region it picks.
 * A build takes seconds: one that succeeded is kept for the tests that ask for the same context again
 * (they only read it). A refused build throws each time it is asked for.
 */
const builds = new Map<string, Stack[]>();
const build = (context: Record<string, unknown>) => {
  const key = JSON.stringify(context);
  const kept = builds.get(key);
  if (kept) return kept;
  const app = testApp(context);
  addSimpleSlot(app);
  const stacks = app.node.children.filter(Stack.isStack);
  builds.set(key, stacks);
  return stacks;
};

const prodContext = {
  stage: 'prod',
  prodAccount: '123456789012',
  prodRegion: 'ap-northeast-2',
  alarmEmail: 'ops@example.com',
};

describe('stages', () => {
  it('refuses to synth without -c stage, naming the flag', () => {
    expect(() => build({})).toThrow(/No stage given: pass -c stage=NAME/);
    expect(() => build({ stage: '' })).toThrow(/No stage given/);
  });

  it('refuses a stage name CloudFormation cannot use', () => {
    expect(() => build({ stage: 'Alice_1' })).toThrow(/Invalid stage/);
  });

  it('isolates stages by name: no two stages share a stack', () => {
    const alice = build({ stage: 'alice' }).map((s) => s.stackName);
    const bob = build({ stage: 'bob' }).map((s) => s.stackName);
    expect(alice.every((n) => n.startsWith('SimpleSlot-alice-'))).toBe(true);
    expect(bob.every((n) => n.startsWith('SimpleSlot-bob-'))).toBe(true);
    expect(alice.filter((n) => bob.includes(n))).toEqual([]);
  });

  it("puts a sandbox in -c region (or the fallback) and the caller's account", () => {
    for (const stack of build({ stage: 'alice', region: 'eu-west-1' }).filter((s) => !s.stackName.endsWith('-Edge'))) {
      expect(stack.region, stack.stackName).toBe('eu-west-1');
      expect(stack.environment, stack.stackName).toBe('aws://unknown-account/eu-west-1');
    }
    const fallback = build({ stage: 'alice' }).find((s) => s.stackName === 'SimpleSlot-alice-Data')!;
    expect(fallback.region).toBe(process.env.CDK_DEFAULT_REGION ?? FALLBACK_REGION);
  });

  it('pins prod to the account and region from context', () => {
    const stacks = build(prodContext);
    for (const stack of stacks.filter((s) => !s.stackName.endsWith('-Edge'))) {
      expect(stack.environment, stack.stackName).toBe('aws://123456789012/ap-northeast-2');
    }
    expect(() => build({ ...prodContext, prodAccount: undefined })).toThrow(/pinned to one account and region/);
    expect(() => build({ ...prodContext, prodRegion: undefined })).toThrow(/pinned to one account and region/);
    expect(() => build({ ...prodContext, prodAccount: 'abc' })).toThrow(/pinned to one account and region/);
  });

  it('refuses prod without an alarm subscriber, but lets sandboxes go without one', () => {
    expect(() => build({ ...prodContext, alarmEmail: undefined })).toThrow(
      /prod needs an alarm subscriber: pass -c alarmEmail/,
    );
    expect(() => build({ stage: 'alice' })).not.toThrow();
    expect(() => build({ stage: 'alice', alarmEmail: 'not-an-address' })).toThrow(/not an e-mail address/);
    const data = build(prodContext).find((s) => s.stackName === 'SimpleSlot-prod-Data')!;
    Template.fromStack(data).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  // One build with both operations' context values serves the two tests below.
  const restored = 'SimpleSlot-alice-Data-restored-20261207';
  const operated = () => build({ stage: 'alice', restoredTable: restored, signingKeyRotation: '1' });

  it("moves a stage's functions to a restored table with -c restoredTable and keeps the stage's own table", () => {
    const stacks = operated();
    const template = (part: string) =>
      Template.fromStack(stacks.find((s) => s.stackName === `SimpleSlot-alice-${part}`)!);
    // The table point-in-time recovery protects is still the stack's: nothing is deleted by the switch.
    template('Data').hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [{ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }],
    });
    for (const part of ['Api', 'Jobs', 'Realtime']) {
      const t = template(part);
      const functions = [...appFunctions(t).values()].flat().filter((f) => 'TABLE_NAME' in f.env);
      expect(functions.length, part).toBeGreaterThan(0);
      for (const f of functions) expect(f.env.TABLE_NAME, `${part} ${f.logicalId}`).toBe(restored);
      // Grants name the restored table (and, where the functions query them, its indexes).
      const policies = JSON.stringify(t.findResources('AWS::IAM::Policy'));
      expect(policies, part).toContain(`:table/${restored}"`);
      if (part === 'Api') expect(policies).toContain(`:table/${restored}/index/*`);
    }
  });

  it('signs with a new KMS key after -c signingKeyRotation=N, the functions pointed at it', () => {
    const keyIds = (stacks: Stack[]) => {
      const data = Template.fromStack(stacks.find((s) => s.stackName === 'SimpleSlot-alice-Data')!);
      const api = Template.fromStack(stacks.find((s) => s.stackName === 'SimpleSlot-alice-Api')!);
      const keys = Object.keys(data.findResources('AWS::KMS::Key'));
      const used = new Set(
        [...appFunctions(api).values()]
          .flat()
          .filter((f) => f.env.SIGNING_KEY_ID)
          .map((f) => JSON.stringify(f.env.SIGNING_KEY_ID)),
      );
      return { keys, used: [...used] };
    };
    const before = keyIds(build({ stage: 'alice' }));
    const after = keyIds(operated());
    expect(before.keys).toHaveLength(1);
    expect(after.keys).toHaveLength(1);
    expect(after.keys).not.toEqual(before.keys);
    expect(after.used).toHaveLength(1);
    expect(after.used).not.toEqual(before.used);
    expect(() => build({ stage: 'alice', signingKeyRotation: 'next' })).toThrow(/signingKeyRotation must be a number/);
  });
});
