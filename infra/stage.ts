import { RemovalPolicy, type Environment, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/**
 * A stage is one full copy of the product (`prod`, or a tester's sandbox such as `alice`), chosen
 * with `-c stage=NAME`. Every stack name starts with `SimpleSlot-<stage>-`. There is no default: two
 * testers who both forgot the flag would otherwise deploy over each other's stage.
 */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

/** Where a sandbox goes when neither `-c region` nor the CLI's profile names a region. */
export const FALLBACK_REGION = 'ap-northeast-2';

/** CloudFront only accepts web ACLs (and certificates) from this region. */
export const EDGE_REGION = 'us-east-1';

export function stageFromContext(scope: Construct): string {
  const raw = scope.node.tryGetContext('stage');
  if (raw === undefined || raw === null || raw === '') {
    throw new Error(
      'No stage given: pass -c stage=NAME (your sandbox, e.g. -c stage=alice; production is -c stage=prod). ' +
        'There is no default, so two deploys without the flag cannot overwrite each other.',
    );
  }
  const stage = String(raw);
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`Invalid stage "${stage}": use 1-20 lowercase letters, digits or hyphens, starting with a letter`);
  }
  return stage;
}

export const stackName = (stage: string, name: string): string => `SimpleSlot-${stage}-${name}`;

export const isProduction = (stage: string): boolean => stage === 'prod';

/** Production keeps its data when a stack is deleted; sandboxes clean up after themselves. */
export const statefulRemovalPolicy = (stage: string): RemovalPolicy =>
  isProduction(stage) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

const context = (scope: Construct, key: string): string | undefined => {
  const value = scope.node.tryGetContext(key);
  return value === undefined || value === null || value === '' ? undefined : String(value);
};

/**
 * Where a stage's regional stacks go. The region is always concrete, because the WAF web ACL lives
 * in us-east-1 (`SimpleSlot-<stage>-Edge`) and cross-region references need known regions.
 * - `prod`: pinned by context `prodAccount` and `prodRegion` (cdk.json or `-c`); synth refuses
 *   without them, so production can only ever be deployed to that account and region (the CLI
 *   refuses credentials of another account).
 * - sandboxes: `-c region`, else the CLI profile's region (`CDK_DEFAULT_REGION`), else
 *   ap-northeast-2; the account is the caller's (environment-agnostic), or `-c account`.
 */
export function stageEnvironment(scope: Construct, stage: string): Required<Pick<Environment, 'region'>> & Environment {
  if (isProduction(stage)) {
    const account = context(scope, 'prodAccount');
    const region = context(scope, 'prodRegion');
    if (!account || !/^\d{12}$/.test(account) || !region) {
      throw new Error(
        'Stage prod is pinned to one account and region: set context prodAccount (12 digits) and prodRegion ' +
          '(cdk.json "context", or -c prodAccount=123456789012 -c prodRegion=ap-northeast-2)',
      );
    }
    return { account, region };
  }
  const region = context(scope, 'region') ?? process.env.CDK_DEFAULT_REGION ?? FALLBACK_REGION;
  const account = context(scope, 'account');
  return account ? { account, region } : { region };
}

/** The operator alarm subscriber; production refuses to synth without one. */
export function alarmEmailFromContext(scope: Construct, stage: string): string | undefined {
  const email = context(scope, 'alarmEmail');
  if (isProduction(stage) && !email) {
    throw new Error(
      'Stage prod needs an alarm subscriber: pass -c alarmEmail=ops@example.com (or set it in cdk.json "context")',
    );
  }
  if (email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new Error(`alarmEmail "${email}" is not an e-mail address`);
  return email;
}

export interface StageStackProps extends StackProps {
  stage: string;
}
