import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { AppFunction, type AppFunctionProps } from '#infra/constructs/app-function';
import { allowedActions, appFunction, testApp } from '#test/infra/support';

const entry = 'test/infra/fixtures/alias-handler.ts';

function synthFunction(props: Partial<AppFunctionProps> = {}, { bundle = false } = {}) {
  const app = testApp({}, { bundle });
  const stack = new Stack(app, 'Fixture');
  const table = new TableV2(stack, 'Table', { partitionKey: { name: 'PK', type: AttributeType.STRING } });
  new AppFunction(stack, 'Fn', { entry, service: 'fixture', stage: 'test', table, ...props });
  return { app, template: Template.fromStack(stack) };
}

describe('AppFunction', () => {
  it('has no table access unless asked', () => {
    const { template } = synthFunction();
    expect(allowedActions(template, appFunction(template, 'fixture')).filter((a) => a.startsWith('dynamodb:'))).toEqual(
      [],
    );
  });

  it('is granted exactly the declared table actions, the indexes only for a query', () => {
    const { template } = synthFunction({ tableAccess: ['GetItem', 'Query', 'PutItem'] });
    const fn = appFunction(template, 'fixture');
    expect([...allowedActions(template, fn)].filter((a) => a.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
    ]);
    const statements = Object.values(template.findResources('AWS::IAM::Policy')).flatMap(
      (p) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>,
    );
    const onIndexes = statements.filter((s) => JSON.stringify(s.Resource).includes('/index/*'));
    expect(onIndexes.map((s) => s.Action)).toEqual(['dynamodb:Query']);
  });

  it('fixes the runtime defaults and the environment every handler reads', () => {
    const { template } = synthFunction({ environment: { EXTRA: '1' } });
    const fn = appFunction(template, 'fixture');
    expect(fn.props).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 256,
      Timeout: 10,
      TracingConfig: { Mode: 'Active' },
    });
    expect(fn.env).toMatchObject({
      POWERTOOLS_SERVICE_NAME: 'fixture',
      STAGE: 'test',
      TABLE_NAME: { Ref: expect.any(String) },
      EXTRA: '1',
    });
    expect(fn.env.NODE_OPTIONS).toBeUndefined();
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
    expect(fn.props.LoggingConfig.LogGroup).toEqual({ Ref: expect.stringMatching(/^FnLogs/) });
  });

  describe('bundling', () => {
    let outdir = '';
    afterAll(() => rmSync(outdir, { recursive: true, force: true }));

    it('bundles ESM for Node 22, without a source map, and resolves package.json `imports` aliases', () => {
      outdir = synthFunction({}, { bundle: true }).app.synth().directory;
      const assetDir = readdirSync(outdir).find((d) => d.startsWith('asset.'));
      expect(assetDir, 'a bundled asset').toBeDefined();
      const files = readdirSync(path.join(outdir, assetDir!));
      expect(files.sort()).toEqual(['index.mjs']);

      const bundle = readFileSync(path.join(outdir, assetDir!, 'index.mjs'), 'utf8');
      // From #commons/config and #infra/table: the aliases were followed and inlined.
      expect(bundle).toContain('Missing environment variable');
      expect(bundle).toContain('GSI1PK');
      expect(bundle).not.toMatch(/from\s*["']#/);
      expect(bundle).toContain('createRequire');
      expect(bundle).not.toContain('sourceMappingURL');
    });
  });
});
