import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rehearsal } from '../../infra/rehearsal/rehearsal';
import { smokeRun } from '../../infra/rehearsal/smoke';
import { schedules } from '../../infra/schedules';
import { assembly, rehearse } from './support';

/**
 * The deploy rehearsal: every function of the synthesized stage runs its own asset with
 * its template's environment; requests go through the template's routes; every SDK call is checked
 * against the function's policy and every variable read against its template entry.
 */
describe('deploy rehearsal of the synthesized stage', () => {
  let rehearsal: Rehearsal;
  beforeAll(async () => {
    rehearsal = await rehearse(await assembly());
    await rehearsal.loadAll();
  });
  afterAll(() => rehearsal?.stop());

  it('loads every product function from its asset outside the source tree, with only the runtime SDK', () => {
    const names = [...rehearsal.functions.values()].map((f) => f.fn.name).sort();
    expect(names).toEqual(
      expect.arrayContaining(['auth', 'bootstrap', 'cash', 'rank-recompute', 'slots', 'slotAdmin', 'websocket']),
    );
    expect(rehearsal.problems.filter((p) => p.kind === 'load')).toEqual([]);
    for (const f of rehearsal.functions.values()) {
      expect(f.figures?.loadMs, f.fn.name).toBeGreaterThan(0);
      expect(f.figures?.bundleBytes, f.fn.name).toBeGreaterThan(10_000);
    }
  });

  it('reads the HTTP routes, the WebSocket routes and the schedules from the template', () => {
    expect(rehearsal.httpRoutes.length).toBeGreaterThan(50);
    expect(rehearsal.httpRoutes.find((r) => r.routeKey === 'POST /api/auth/login')?.target).toMatch(/AuthFunction/);
    expect([...rehearsal.webSocketRoutes.keys()].sort()).toEqual(['$connect', '$default', '$disconnect']);
    expect(
      rehearsal
        .schedules()
        .map((s) => s.target.fn.name)
        .sort(),
    ).toEqual(schedules.map((s) => s.name).sort());
    expect(schedules.length).toBeGreaterThanOrEqual(6);
  });

  it('passes the API smoke run with no call outside a policy and no setting missing', async () => {
    const steps = await smokeRun(rehearsal);
    expect(steps.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'every route of the template reaches a function that implements it',
        'charge request and its approval, notified over the socket',
        "rank worker's observations and the recompute job",
      ]),
    );
    expect(rehearsal.problems).toEqual([]);
    // Every function the run reached made calls, and each was allowed.
    const reached = [...rehearsal.functions.values()].filter((f) => f.requests.length);
    expect(reached.map((f) => f.fn.name)).toEqual(
      expect.arrayContaining(['auth', 'cash', 'slots', 'slotAdmin', 'rank', 'rank-recompute', 'chat', 'websocket']),
    );
    expect(reached.flatMap((f) => f.requests.filter((r) => !r.allowed))).toEqual([]);
    // The image went through S3: read the upload's head, copy it to its served key, delete the upload.
    const s3 = rehearsal.byName('announcements').requests.filter((r) => r.action.startsWith('s3:'));
    expect(s3.map((r) => `${r.action} ${r.resource.replace(/[0-9A-Z]{26}/, 'ID')}`)).toEqual([
      expect.stringMatching(/^s3:GetObject arn:aws:s3:::\S+\/uploads\/ID$/),
      expect.stringMatching(/^s3:GetObject arn:aws:s3:::\S+\/uploads\/ID$/),
      expect.stringMatching(/^s3:PutObject arn:aws:s3:::\S+\/media\/announcements\/ID\.png$/),
      expect.stringMatching(/^s3:DeleteObject arn:aws:s3:::\S+\/uploads\/ID$/),
    ]);
  });

  it('leaves no granted action unused unless the grant list gives its reason (least privilege by use)', () => {
    expect(rehearsal.grantProblems()).toEqual([]);
    const unused = new Map(rehearsal.unusedGrants().map((u) => [u.fn, u.unused]));
    // The WebSocket handler's policy is hand-written to its calls: nothing left over.
    expect(unused.get('Realtime/websocket')).toEqual([]);
    // No function is granted a scan, a stream read or a table description.
    const granted = rehearsal.unusedGrants().flatMap((u) => u.granted);
    expect(granted.filter((a) => /Scan|GetRecords|GetShardIterator|DescribeTable/.test(a))).toEqual([]);
  });

  it('fails, naming the function and the action, when a function is granted an action no call used', () => {
    const cash = rehearsal.byName('cash');
    cash.statements.push({ Effect: 'Allow', Action: 'dynamodb:Scan', Resource: cash.statements[0].Resource });
    try {
      expect(rehearsal.grantProblems()).toEqual([
        {
          kind: 'grant',
          message:
            "Api/cash is granted dynamodb:Scan, which no rehearsed call used: remove it from the function's declaration or list it with its reason in infra/unrehearsed-grants.ts",
        },
      ]);
    } finally {
      cash.statements.pop();
    }
  });
});
