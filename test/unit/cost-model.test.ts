import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sizes, type SizeAssumption } from '../../scripts/cost-model/assumptions';
import { costDocument, docPath, modelInputs, readFigures } from '../../scripts/cost-model/document';
import { refreshFigures } from '../../scripts/cost-model/figures';
import { monthlyBill, type Bill, type Driver } from '../../scripts/cost-model/model';

const figures = readFigures();
const inputs = modelInputs(figures);
const medium = sizes[1]!;
const lineOf = (bill: Bill, service: string, item: string) => {
  const line = bill.lines.find((l) => l.service === service && l.item === item);
  if (!line) throw new Error(`no line ${service} / ${item}`);
  return line;
};

/** Each line of `after` against the same line of `before`: doubled when its driver is one of `doubled`, else equal. */
function expectDrivenLinesDoubled(before: Bill, after: Bill, doubled: Driver[]) {
  expect(after.lines.map((l) => `${l.service}/${l.item}`)).toEqual(before.lines.map((l) => `${l.service}/${l.item}`));
  before.lines.forEach((b, i) => {
    const a = after.lines[i]!;
    // X-Ray's sampling is not proportional (the first request each second); recompute units are whole.
    if (b.driver === 'traces' || b.driver === 'runs') return;
    const factor = doubled.includes(b.driver) ? 2 : 1;
    expect(a.quantity, `${b.service} / ${b.item}`).toBeCloseTo(b.quantity * factor, 6);
    expect(a.usd, `${b.service} / ${b.item}`).toBeCloseTo(b.usd * factor, 9);
  });
}

describe('docs/cost.md', () => {
  // Synthesises the edge stack and formats with Prettier: seconds on a loaded machine.
  it('is what `npm run cost` writes from docs/cost-figures.json', { timeout: 120_000 }, async () => {
    const checkedIn = readFileSync(docPath, 'utf8');
    expect(checkedIn, 'docs/cost.md is out of date: run `npm run cost` and commit the result').toBe(
      await costDocument(figures, checkedIn),
    );
    for (const size of sizes) expect(checkedIn).toContain(size.label);
  });
});

describe('the cost model', () => {
  it('doubles exactly the page-driven lines when the page views double', () => {
    const before = monthlyBill(medium, inputs);
    const after = monthlyBill({ ...medium, pageViewsPerDay: medium.pageViewsPerDay * 2 }, inputs);
    expectDrivenLinesDoubled(before, after, ['pages']);
    expect(after.byService.CloudFront).toBeGreaterThan(before.byService.CloudFront!);
  });

  it('doubles the rank and storage lines with the slots and the broadcast lines with the sockets reached', () => {
    const base = monthlyBill(medium, inputs);
    const doubled = (change: Partial<SizeAssumption>) => monthlyBill({ ...medium, ...change }, inputs);
    // Work pages round up to whole pages: keep the pair count on a page boundary for this check.
    const slots = 4_000_000;
    expectDrivenLinesDoubled(doubled({ slots }), doubled({ slots: slots * 2 }), ['slots']);
    expectDrivenLinesDoubled(base, doubled({ socketsOnlineAtBroadcast: medium.socketsOnlineAtBroadcast * 2 }), [
      'broadcasts',
    ]);
    expectDrivenLinesDoubled(base, doubled({ socketHoursPerDay: medium.socketHoursPerDay * 2 }), ['sockets']);
  });

  it('prices each line as its quantity times the table price, and the total is the sum of the lines', () => {
    const bill = monthlyBill(medium, inputs);
    const { prices, deployment } = inputs;
    const apiCalls = medium.pageViewsPerDay * medium.apiCallsPerPage * 30;
    expect(lineOf(bill, 'Lambda', 'API calls: invocations').quantity).toBe(apiCalls);
    expect(lineOf(bill, 'API Gateway', 'API calls: HTTP API requests').usd).toBeCloseTo(
      (apiCalls / 1e6) * prices.httpApiRequests.usd,
      9,
    );
    const writes = lineOf(bill, 'DynamoDB', 'Rank recompute: write request units');
    expect(writes.quantity).toBeCloseTo(
      24 * 30 * (medium.slots / 1000) * figures.rankRecompute.writeUnitsPer1000Slots,
      6,
    );
    expect(writes.usd).toBeCloseTo((writes.quantity / 1e6) * prices.dynamoWriteRequestUnits.usd, 9);
    expect(lineOf(bill, 'WAF', 'Rules').usd).toBe(deployment.wafRules * prices.wafRuleMonth.usd);
    expect(bill.total).toBeCloseTo(
      bill.lines.reduce((a, l) => a + l.usd, 0),
      9,
    );
    expect(Object.values(bill.byService).reduce((a, v) => a + v, 0)).toBeCloseTo(bill.total, 9);
    for (const l of bill.lines) expect(l.usd, `${l.service} / ${l.item}`).toBeGreaterThanOrEqual(0);
  });

  it('bills the rank recompute at the memory the jobs stack gives it and the API calls at their groups', () => {
    expect(inputs.deployment.memoryMbByFunction['rank-recompute']).toBe(1024);
    expect(inputs.deployment.memoryMbByFunction.slots).toBe(1024);
    expect(inputs.deployment.memoryMbByFunction.notifications).toBe(256);
    expect(inputs.deployment.functionLogRetentionDays).toBe(30);
    expect(inputs.deployment.wafRules).toBe(3);
  });

  it('takes queue-based figures from the bench when it reports them, and keeps earlier figures for a missing result', () => {
    const dir = join(import.meta.dirname, 'fixtures/cost-results');
    const { figures: next, refreshed, kept } = refreshFigures(dir, figures);
    expect(refreshed.sort()).toEqual(['notifications-broadcast', 'rank-recompute']);
    expect(kept.sort()).toEqual(['api-cost', 'first-load-js', 'lambda-bundles']);
    expect(next.api).toEqual(figures.api);
    // The units bench measures the hourly run at 1 and 4 units at once: the schedule runs several at once.
    expect(next.rankRecompute).toMatchObject({
      slots: 100_000,
      msPer1000Slots: 600,
      slotsPerInvocation: 5000,
      queueMessagesPerInvocation: 1,
    });
    expect(next.broadcast).toMatchObject({
      postsPerSocket: 1,
      queueMessagesPerSocket: 0.01,
      invocationsPerSocket: 0.01,
    });
    const queued = monthlyBill(medium, { ...inputs, figures: next });
    // 20 units at 100,000 slots: 4 at 20,000.
    // 20 units at 100,000 slots: 4 at 20,000; with no units reported the job is one invocation a run.
    expect(lineOf(queued, 'SQS', 'Rank recompute: queue requests').quantity).toBe(24 * 30 * 4 * 3);
    expect(lineOf(queued, 'Lambda', 'Rank recompute: invocations').quantity).toBe(24 * 30 * 4);
    const oneInvocation = {
      ...inputs,
      figures: {
        ...figures,
        rankRecompute: { ...figures.rankRecompute, slotsPerInvocation: null, queueMessagesPerInvocation: 0 },
      },
    };
    expect(lineOf(monthlyBill(medium, oneInvocation), 'Lambda', 'Rank recompute: invocations').quantity).toBe(24 * 30);
    expect(lineOf(queued, 'Lambda', 'Rank recompute: invocations').quantity).toBe(24 * 30 * 4);
    expect(lineOf(queued, 'SQS', 'Broadcasts: queue requests').quantity).toBeCloseTo(
      medium.broadcastsPerMonth * medium.socketsOnlineAtBroadcast * 0.01 * 3,
      6,
    );
  });
});
