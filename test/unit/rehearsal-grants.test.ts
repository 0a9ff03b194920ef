import { describe, expect, it } from 'vitest';
import { apiGroups } from '../../infra/api-groups';
import { grantFindings, type GrantUse } from '../../infra/rehearsal/grants';
import { schedules } from '../../infra/schedules';
import { unrehearsedGrants } from '../../infra/unrehearsed-grants';
import { workQueues } from '../../infra/work-queues';

/** The rehearsal's least-privilege check (infra/rehearsal/grants.ts): what fails it, with which line. */
const cash: GrantUse = {
  fn: 'Api/cash',
  granted: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:Scan'],
  unused: ['dynamodb:Scan'],
};

describe('rehearsal grant check', () => {
  it('fails on a granted action no rehearsed call used, naming the function, the action and the list', () => {
    expect(grantFindings([cash], [])).toEqual([
      "Api/cash is granted dynamodb:Scan, which no rehearsed call used: remove it from the function's declaration or list it with its reason in infra/unrehearsed-grants.ts",
    ]);
  });

  it('passes it when the grant is listed for that function, and only for that function', () => {
    const listed = [{ functions: ['Api/cash'], actions: ['dynamodb:Scan'], reason: 'a reason' }];
    expect(grantFindings([cash], listed)).toEqual([]);
    const elsewhere = [{ functions: ['Api/slots'], actions: ['dynamodb:Scan'], reason: 'a reason' }];
    expect(grantFindings([cash, { fn: 'Api/slots', granted: ['dynamodb:Scan'], unused: [] }], elsewhere)).toEqual([
      expect.stringMatching(/^Api\/cash is granted dynamodb:Scan, which no rehearsed call used/),
    ]);
  });

  it('fails on a list entry whose grant is gone, so the list cannot outlive the code', () => {
    const listed = [{ functions: ['Api/cash'], actions: ['dynamodb:DeleteItem'], reason: 'a reason' }];
    expect(grantFindings([cash], listed)).toContainEqual(
      'infra/unrehearsed-grants.ts lists dynamodb:DeleteItem for Api/cash, which its policy does not grant',
    );
  });

  it("the repository's list names declared functions, each entry with a reason a reader understands", () => {
    const declared = new Set([
      ...Object.keys(apiGroups).map((g) => `Api/${g}`),
      'Api/bootstrap',
      ...schedules.map((s) => `Jobs/${s.name}`),
      ...workQueues.map((q) => `Work/${q.name}`),
      'Realtime/websocket',
    ]);
    for (const entry of unrehearsedGrants) {
      expect(entry.reason.length, entry.actions.join()).toBeGreaterThan(60);
      for (const fn of entry.functions) expect(declared.has(fn), fn).toBe(true);
    }
  });
});
