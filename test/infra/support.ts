import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { addSimpleSlot } from '#infra/simple-slot';

/** The feature flags `cdk synth` uses, so assertions see the same templates the CLI would. */
const cdkContext: Record<string, unknown> = JSON.parse(
  readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'),
).context;

/** A new App with cdk.json's context; esbuild is skipped unless `bundle` (synth.test.ts bundles for real). */
export function testApp(context: Record<string, unknown> = {}, { bundle = false } = {}): App {
  return new App({
    context: { ...cdkContext, ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }), ...context },
  });
}

/** The real app for one stage, as `cdk synth -c stage=...` builds it. */
export function buildSimpleSlot(stage: string) {
  const app = testApp({ stage });
  return { app, ...addSimpleSlot(app) };
}

type Resource = { Type: string; Properties: Record<string, any> };

export interface FoundFunction {
  logicalId: string;
  props: Record<string, any>;
  env: Record<string, unknown>;
}

/** AppFunctions (every one sets POWERTOOLS_SERVICE_NAME), keyed by service name. */
export function appFunctions(template: Template): Map<string, FoundFunction[]> {
  const found = new Map<string, FoundFunction[]>();
  for (const [logicalId, fn] of Object.entries(
    template.findResources('AWS::Lambda::Function') as Record<string, Resource>,
  )) {
    const env = fn.Properties.Environment?.Variables ?? {};
    const service = env.POWERTOOLS_SERVICE_NAME;
    if (typeof service !== 'string') continue;
    found.set(service, [...(found.get(service) ?? []), { logicalId, props: fn.Properties, env }]);
  }
  return found;
}

/** The one AppFunction of a service; throws when there is none or more than one. */
export function appFunction(template: Template, service: string): FoundFunction {
  const fns = appFunctions(template).get(service) ?? [];
  if (fns.length !== 1) throw new Error(`expected one function for service "${service}", found ${fns.length}`);
  return fns[0];
}

export interface PolicyStatementJson {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** Every Allow statement of the policies attached to the function's execution role. */
export function allowedStatements(template: Template, fn: FoundFunction): PolicyStatementJson[] {
  const roleId = fn.props.Role['Fn::GetAtt'][0];
  const policies = Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter((p) =>
    (p.Properties.Roles as Array<{ Ref?: string }>).some((r) => r.Ref === roleId),
  );
  return policies.flatMap((p) =>
    (p.Properties.PolicyDocument.Statement as PolicyStatementJson[]).filter((s) => s.Effect === 'Allow'),
  );
}

/** Every IAM action the function's execution role is allowed (from the policies attached to it). */
export function allowedActions(template: Template, fn: FoundFunction): string[] {
  return allowedStatements(template, fn).flatMap((s) => [s.Action].flat());
}

export const DYNAMODB_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:*',
];
