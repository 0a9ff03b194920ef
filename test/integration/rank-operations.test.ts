import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';
import { newWorkerKey, observation, seedSlots } from '../support/rank';
import { titlesOf } from '../support/notifications';

/**
 * The rank operations screen's counters and the rank alerts, through the real local server on
 * DynamoDB Local: every stored check is counted once (a batch sent again, even at the same moment,
 * adds nothing), and each alert rule tells staff once per episode.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
let developer: { id: string; token: string };
let operator: { id: string; token: string };
let advertiser: { id: string; token: string };
let key: string;

const A = { keyword: '운영 화면 A', productId: '7001' };
const B = { keyword: '운영 화면 B', productId: '7002' };
const C = { keyword: '운영 화면 C', productId: '7003' };
const D = { keyword: '운영 화면 D', productId: '7004' };
const base = Date.now() - 10 * 60_000;
const at = (s: number) => new Date(base + s * 1000).toISOString();
const blocked = { kind: 'load', reason: 'HTTP 403 (blocked or down)', page: 1 };
const timedOut = { kind: 'load', reason: 'timeout after 2000 ms', page: 1 };
const layout = { kind: 'unknown', reason: 'no known result list on the page', page: 1 };

const post = (observations: unknown[]) =>
  api.call('POST', '/api/rank/observations', { headers: { 'x-api-key': key }, body: { observations } });
const operations = async (token = operator.token) => {
  const res = await api.call('GET', '/api/rank/operations', { token });
  expect(res.status).toBe(200);
  return res.body.data;
};

async function setSetting(name: string, value: number) {
  const res = await api.call('PUT', `/api/system-settings/key/${name}`, { token: developer.token, body: { value } });
  expect(res.status).toBe(200);
  // This test process evaluates the alerts itself: it must read the new value, not its 10 s copy.
  const { invalidateSettingsCache } = await import('../../functions/domain/settings/settings-service');
  invalidateSettingsCache();
}

async function evaluate(now: Date) {
  const { evaluateRankAlerts } = await import('../../functions/domain/rank-measurement/operations-alerts');
  return evaluateRankAlerts(now);
}
const count = async (userId: string, title: string) => (await titlesOf(userId)).filter((t) => t === title).length;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  developer = await newAccount(stack, { role: 'developer' });
  operator = await newAccount(stack, { role: 'operator' });
  advertiser = await newAccount(stack);
  key = (await newWorkerKey(stack, developer.token, '운영 수집기')).key;
  await seedSlots(advertiser.id, [
    { id: 'OPS-A', ...A },
    { id: 'OPS-A2', ...A },
    { id: 'OPS-B', ...B },
    { id: 'OPS-C', ...C },
    { id: 'OPS-D', ...D },
  ]);
});
afterAll(() => stack?.stop());

describe('rank operations counters', () => {
  it('counts every stored check once: a batch posted twice (at once, then again) adds nothing the second time', async () => {
    const batch = [
      observation(A, { observedAt: at(1), rank: 4 }),
      observation(B, { observedAt: at(2), status: 'not_found', rank: null }),
      observation(C, { observedAt: at(3), status: 'failed', rank: null, evidence: blocked }),
      observation(C, { observedAt: at(4), status: 'failed', rank: null, evidence: timedOut }),
    ];
    const [first, second] = await Promise.all([post(batch), post(batch)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    // Sent again later, with one new check: only the new one counts.
    const third = await post([batch[0], observation(C, { observedAt: at(5), rank: 9 })]);
    expect(third.body.data.accepted).toBe(2);

    const data = await operations();
    const [today] = data.days;
    expect(data.days).toHaveLength(14);
    expect(today).toEqual({
      day: data.today,
      due: 4,
      pairsChecked: 3,
      checks: 5,
      found: 2,
      notFound: 1,
      failed: 2,
      failedBy: { blocked: 1, timeout: 1, layout: 0, load: 0, other: 0 },
    });
    expect(data.lastHour).toEqual({ checks: 5, failed: 2 });
    const worker = data.workers.find((w: { name: string }) => w.name === '운영 수집기');
    expect(worker).toMatchObject({ checksToday: 5, failedToday: 2, failureRate: 0.4, revoked: false });
    expect(worker.lastCallAt).toBeTruthy();
    expect(worker.lastCheckAt).toBeTruthy();
    // Days without checks are there too, empty.
    expect(data.days[13]).toMatchObject({ checks: 0, due: null });
  });

  it('is for staff only: an advertiser gets 403', async () => {
    const res = await api.call('GET', '/api/rank/operations', { token: advertiser.token });
    expect(res.status).toBe(403);
    expect((await operations(developer.token)).today).toBeTruthy();
  });

  it('lists the recompute runs with units done of total and how long they took', async () => {
    const res = await fetch(`${stack.url}/_local/jobs/rank-recompute`, { method: 'POST' });
    expect(res.status).toBe(200);
    const { data: planned } = (await res.json()) as { data: { runId: string; units: number } };
    const run = (await operations()).runs.find((r: { runId: string }) => r.runId === planned.runId);
    expect(run).toMatchObject({ units: planned.units, unitsDone: planned.units, suspectUnits: 0, lastError: null });
    expect(run.completedAt).toBeTruthy();
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
  });
});

describe('rank alerts', () => {
  const silentTitle = '순위 수집이 멈췄습니다';
  const failingTitle = '순위 측정 실패가 많습니다';
  const coverageTitle = '오늘 순위 측정이 늦어지고 있습니다';

  it('rankAlertSilenceMinutes: no worker call for that long tells each staff member once; a call clears it and the next silence tells them again', async () => {
    await setSetting('rankAlertSilenceMinutes', 5);
    // Coverage and failure rules stay quiet here (1 % of the pairs is checked; 2 of 5 checks failed).
    await setSetting('rankCoverageMinPercent', 1);
    expect((await evaluate(new Date())).notified).toEqual([]);
    expect((await evaluate(later(6))).notified).toEqual(['workerSilent']);
    expect((await evaluate(later(8))).notified).toEqual([]);
    expect((await evaluate(later(30))).notified).toEqual([]);
    for (const staff of [operator, developer]) expect(await count(staff.id, silentTitle)).toBe(1);
    expect(await count(advertiser.id, silentTitle)).toBe(0);
    expect((await operations()).alerts.find((a: { rule: string }) => a.rule === 'workerSilent').firing).toBe(true);

    // The worker is back: the rule clears (no notice), and the next silence is a new episode.
    expect((await post([observation(A, { observedAt: at(6), rank: 5 })])).status).toBe(200);
    expect(await evaluate(new Date())).toMatchObject({ notified: [], cleared: ['workerSilent'] });
    expect((await evaluate(later(6))).notified).toEqual(['workerSilent']);
    for (const staff of [operator, developer]) expect(await count(staff.id, silentTitle)).toBe(2);
  });

  it('more than half of the last hour’s checks failed: one notice naming the reasons, however many checks fail', async () => {
    const failing = Array.from({ length: 8 }, (_, i) =>
      observation(C, { observedAt: at(100 + i), status: 'failed', rank: null, evidence: layout }),
    );
    // 6 + 8 checks in the last hour, 2 + 8 of them failed.
    expect((await post(failing.slice(0, 4))).status).toBe(200);
    expect((await evaluate(new Date())).notified).toEqual(['checksFailing']);
    expect((await post(failing.slice(4))).status).toBe(200);
    expect((await evaluate(new Date())).notified).toEqual([]);
    const notices = (await titlesOf(operator.id)).filter((t) => t === failingTitle);
    expect(notices).toHaveLength(1);
    const { notificationsOf } = await import('../support/notifications');
    const notice = (await notificationsOf(operator.id)).find((n) => n.title === failingTitle)!;
    // Told when it started: 6 of the last hour's 10 checks failed, 4 of them on an unknown page layout.
    expect(notice.message).toContain('10건 중 6건');
    expect(notice.message).toContain('페이지 형식 인식 실패 4건');

    // Healthy checks bring the share under half: cleared, nothing sent.
    const healthy = Array.from({ length: 10 }, (_, i) => observation(A, { observedAt: at(200 + i), rank: 3 }));
    expect((await post(healthy)).status).toBe(200);
    expect(await evaluate(new Date())).toMatchObject({ notified: [] });
    expect((await operations()).alerts.find((a: { rule: string }) => a.rule === 'checksFailing').firing).toBe(false);
    expect(await count(operator.id, failingTitle)).toBe(1);
  });

  it('rankCoverageAlertHour and rankCoverageMinPercent: too few of today’s pairs checked by that hour tells staff once that day', async () => {
    await setSetting('rankCoverageAlertHour', 0);
    await setSetting('rankCoverageMinPercent', 100);
    // 3 of 4 pairs checked today (D never was).
    expect((await evaluate(new Date())).notified).toEqual(['coverageShort']);
    expect((await evaluate(later(10))).notified).not.toContain('coverageShort');
    expect(await count(operator.id, coverageTitle)).toBe(1);
    const notice = (await (await import('../support/notifications')).notificationsOf(operator.id)).find(
      (n) => n.title === coverageTitle,
    )!;
    expect(notice.message).toContain('4개 중 3개(75%)');
    // The next KST day is a new episode.
    expect((await evaluate(later(24 * 60))).notified).toContain('coverageShort');
    expect(await count(operator.id, coverageTitle)).toBe(2);
  });
});
