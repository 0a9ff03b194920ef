import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Assembly, Resource } from '../../infra/rehearsal/assembly';
import { commonMessages } from '../../shared/messages/common';
import type { Rehearsal } from '../../infra/rehearsal/rehearsal';
import { rehearsalClient } from '../../infra/rehearsal/smoke';
import { assembly, copyOf, rehearse } from './support';

/**
 * What the rehearsal is for: a template that lost one thing fails it, and the message names what
 * was lost. Each test changes one copy of the synthesized templates and signs the developer in.
 */
const source = await assembly();
let rehearsal: Rehearsal | undefined;
afterEach(() => rehearsal?.stop());

function authFunction(copy: Assembly): { resources: Record<string, Resource>; fn: Resource } {
  const f = copy.functions.find((x) => x.name === 'auth')!;
  const resources = copy.stacks.find((s) => s.name === f.stack)!.template.Resources;
  return { resources, fn: resources[f.logicalId] };
}

/** The bootstrap's developer signs in through POST /api/auth/login; returns the HTTP status. */
async function developerSignsIn(r: Rehearsal): Promise<number> {
  await r.runCustomResources();
  const bootstrap = r.byName('bootstrap');
  const res = await rehearsalClient(r.url)('POST', '/api/auth/login', {
    body: {
      email: bootstrap.templateEnv.BOOTSTRAP_DEVELOPER_ID,
      password: r.aws.secrets.get(bootstrap.templateEnv.BOOTSTRAP_SECRET_ARN),
    },
  });
  return res.status;
}

describe('the rehearsal fails, naming what the template lacks', () => {
  it('passes sign-in with the template as synthesized (the baseline of the changes below)', async () => {
    rehearsal = await rehearse(copyOf(source));
    expect(await developerSignsIn(rehearsal)).toBe(200);
    expect(rehearsal.problems).toEqual([]);
  });

  it('a policy statement removed: names the function, the action and the resource', async () => {
    const copy = copyOf(source);
    const { resources, fn } = authFunction(copy);
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const policy = Object.values(resources).find(
      (r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: { Ref?: string }) => x.Ref === roleId),
    )!;
    const statements: Array<{ Action: string | string[] }> = policy.Properties.PolicyDocument.Statement;
    policy.Properties.PolicyDocument.Statement = statements.filter((s) => ![s.Action].flat().includes('kms:Sign'));

    rehearsal = await rehearse(copy);
    // AWS refuses the signature, so sign-in fails as it would after such a deploy.
    expect(await developerSignsIn(rehearsal)).toBe(500);
    const messages = rehearsal.problems.map((p) => p.message);
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^auth calls kms:Sign on arn:aws:kms:[^:]+:\d{12}:key\/\S+, which its policy does not allow/,
      ),
    );
    expect(rehearsal.problems.every((p) => p.kind === 'permission' && p.fn === 'auth')).toBe(true);
  });

  it('an environment variable removed: names the function and the variable', async () => {
    const copy = copyOf(source);
    delete authFunction(copy).fn.Properties.Environment.Variables.TOKEN_AUDIENCE;

    rehearsal = await rehearse(copy);
    await developerSignsIn(rehearsal);
    expect(rehearsal.problems).toContainEqual({
      kind: 'setting',
      fn: 'auth',
      message: expect.stringMatching(
        /^auth reads environment variable TOKEN_AUDIENCE, which its template entry .* does not set$/,
      ),
    });
  });

  it('a route removed: names the method and path no route answers', async () => {
    const copy = copyOf(source);
    const { resources } = authFunction(copy);
    const [routeId] = Object.entries(resources).find(
      ([, r]) => r.Type === 'AWS::ApiGatewayV2::Route' && r.Properties.RouteKey === 'POST /api/auth/login',
    )!;
    delete resources[routeId];

    rehearsal = await rehearse(copy);
    expect(await developerSignsIn(rehearsal)).toBe(404);
    expect(rehearsal.problems).toEqual([
      { kind: 'route', message: 'the HTTP API has no route for POST /api/auth/login' },
    ]);
  });

  it('a route wired to another function: names the route and the function that does not implement it', async () => {
    const copy = copyOf(source);
    const { resources } = authFunction(copy);
    const routes = Object.values(resources).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route');
    const login = routes.find((r) => r.Properties.RouteKey === 'POST /api/auth/login')!;
    login.Properties.Target = routes.find(
      (r) => r.Properties.RouteKey === 'GET /api/system-settings',
    )!.Properties.Target;

    rehearsal = await rehearse(copy);
    await rehearsal.sweepRoutes(commonMessages.routeNotFound, (r) => r.path.startsWith('/api/auth/'));
    expect(rehearsal.problems).toEqual([
      {
        kind: 'route',
        fn: 'settings',
        message: 'route POST /api/auth/login reaches settings, which does not implement it',
      },
    ]);
  });

  it('a bundle that needs a package from the source tree: names the function and the package', async () => {
    // Lambda has the SDK and the zip, nothing else: a bundle that left zod external would not load.
    const dir = mkdtempSync(path.join(tmpdir(), 'rehearsal-asset-'));
    try {
      writeFileSync(
        path.join(dir, 'index.mjs'),
        "import { z } from 'zod';\nexport const handler = async () => z.string();\n",
      );
      const copy = copyOf(source);
      copy.functions = copy.functions.map((f) => (f.name === 'ranking' ? { ...f, assetDir: dir } : f));
      rehearsal = await rehearse(copy);
      await rehearsal.loadAll((f) => f.fn.name === 'ranking');
      expect(rehearsal.problems).toEqual([
        {
          kind: 'load',
          fn: 'ranking',
          message: expect.stringMatching(/^ranking: its asset does not load: Cannot find package 'zod'/),
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
