import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { addKstDays, kstDateTimeOf, kstToday } from '../../shared/kst';
import { db, tableName } from '../../functions/storage/client';
import { keys } from '../../functions/storage/keys';
import { slotsStore, type SlotRecord } from '../../functions/storage/slots';
import { slotCountersStore } from '../../functions/storage/slot-counters';
import { transact } from '../../functions/storage/transactions';
import { invalidateRankingCache } from '../../functions/domain/ranking-page/ranking';
import {
  ensureWebBuild,
  screenshotsOf,
  launchBrowser,
  submitLogin,
  trackApiCalls,
  type BrowserSession,
} from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { fund, row } from '../support/slots';

/**
 * Rank tracking, the advertiser's side: with ranks recorded for their slots, an advertiser
 * sees the rank and the arrow versus yesterday in My slots, opens the rank history (chart and daily
 * grid), sets a rank alert, and the ranking page lists the real slots. Rank fields and rank days are
 * written through the storage modules, as the rank job writes them.
 */
const shot = screenshotsOf('ranking-', { fullPage: true });
const PRICE = 50_000;
const advertiser = { email: 'rankadv', password: 'adpass123', fullName: '박순위' };
const rival = { email: 'rankrival', password: 'rvpass123', fullName: '최경쟁' };
const operator = { email: 'rankop', password: 'oppass123', fullName: '김운영', role: 'operator' as const };

let stack: LocalStack;
let browser: BrowserSession;
let slotIds: string[] = [];

/** Writes what the rank job writes, as it does: with the owner's list version (cached lists see it). */
async function setRanks(id: string, changes: Partial<SlotRecord>) {
  const s = (await slotsStore.get(id))!;
  await transact([slotsStore.update(s, changes), slotCountersStore.userUpdate(s.userId, {})]);
}

/** Registers and approves `n` slots of an account through the API; their ids. */
async function runningSlots(account: { email: string; password: string }, first: number, keywords: string[]) {
  const api = apiClient(stack.url);
  const { token } = await api.login(account.email, account.password);
  const { token: opToken } = await api.login(operator.email, operator.password);
  const ids: string[] = [];
  for (const [i, keyword] of keywords.entries()) {
    const created = await api.call('POST', '/api/slots', { token, body: row(first + i, { keywords: keyword }) });
    expect(created.status).toBe(201);
    const approved = await api.call('POST', `/api/slots/${created.body.data.id}/approve`, {
      token: opToken,
      body: { approved: true, approvedPrice: PRICE },
    });
    expect(approved.status).toBe(200);
    ids.push(created.body.data.id);
  }
  return ids;
}

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  const advertiserId = (await stack.createUser(advertiser)).id;
  const rivalId = (await stack.createUser(rival)).id;
  await stack.createUser(operator);
  await fund(advertiserId, 2 * PRICE);
  await fund(rivalId, PRICE);

  slotIds = await runningSlots(advertiser, 1, ['블루투스 이어폰', '무선 충전기']);
  const [rivalSlot] = await runningSlots(rival, 10, ['게이밍 마우스']);
  const today = kstToday();
  // Slot 1: 7th today, 12th yesterday, 30th when first measured; seven days of history.
  await setRanks(slotIds[0], { rank: 7, yesterday_rank: 12, first_rank: 30, product_name: '노이즈캔슬링 이어폰 X1' });
  const trend = [30, 24, 20, 18, 15, 12, 7];
  for (const [i, rank] of trend.entries()) {
    const date = addKstDays(today, i - 6);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.slotRankDay(slotIds[0], date),
          entity: 'slotRankDay',
          date,
          rank,
          min_rank: rank - 1,
          avg_rank: rank + 0.5,
          max_rank: rank + 2,
          prev_rank: i ? trend[i - 1] : null,
        },
      }),
    );
  }
  // Slot 2: fell from 3rd to 9th.
  await setRanks(slotIds[1], { rank: 9, yesterday_rank: 3, first_rank: 5 });
  await setRanks(rivalSlot, { rank: 2, yesterday_rank: 2, first_rank: 40, product_name: '경쟁사 마우스' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('ranks for an advertiser', () => {
  it('shows ranks with arrows, the rank history chart and grid, sets a rank alert, and lists real slots on /ranking', async () => {
    const page = await browser.freshPage();
    const api = trackApiCalls(page);
    await submitLogin(page, stack.url, advertiser.email, advertiser.password);
    await page.waitForURL((url) => url.pathname === '/slots');
    const list = page.getByRole('region', { name: '슬롯 목록' });
    await list.getByRole('button', { name: '7위 (▲5), 순위 히스토리 보기' }).waitFor();
    await list.getByRole('button', { name: '9위 (▼6), 순위 히스토리 보기' }).waitFor();
    await list.getByText('노이즈캔슬링 이어폰 X1').waitFor();
    await api.settled();
    await shot(page, 'my-slots');

    // Rank history: the trend chart and the 7-column grid, newest day first.
    await list.getByRole('button', { name: '7위 (▲5), 순위 히스토리 보기' }).click();
    const modal = page.getByRole('dialog', { name: /순위 히스토리/ });
    await modal.getByRole('img', { name: '일별 순위 추이, 최고 7위, 최저 30위' }).waitFor();
    const grid = modal.getByRole('table', { name: '일별 순위' });
    expect(await grid.getByRole('columnheader').allTextContents()).toEqual([
      '날짜 (KST)',
      '순위',
      '전일',
      '변동',
      '최고',
      '평균',
      '최저',
    ]);
    const todayCells = await grid.locator(`tr[data-date="${kstToday()}"] td`).allTextContents();
    expect(todayCells.slice(1)).toEqual(['7위', '12위', '▲5', '6위', '7.5위', '9위']);
    await shot(page, 'rank-history', false);

    // Rank alert from the history.
    await modal.getByRole('button', { name: '순위 알림' }).click();
    const alert = page.getByRole('dialog', { name: /순위 알림/ });
    await alert.getByRole('checkbox', { name: '순위 변동 알림' }).check();
    await alert.getByRole('spinbutton', { name: '변동 폭 (위)' }).fill('0');
    await alert.getByRole('button', { name: '저장' }).click();
    await alert.getByText('순위 변동 폭은 1에서 500 사이의 정수로 입력해주세요.').waitFor();
    await alert.getByRole('spinbutton', { name: '변동 폭 (위)' }).fill('10');
    await alert.getByRole('checkbox', { name: /순위권 이탈 알림/ }).check();
    await alert.getByRole('button', { name: '저장' }).click();
    await page.getByText('순위 알림이 설정되었습니다.').waitFor();
    await list.getByRole('button', { name: '슬롯 #1 순위 알림 설정됨' }).waitFor();
    expect((await slotsStore.get(slotIds[0]))!.rank_alert).toEqual({ moveBy: 10, whenOut: true });

    // An alert the rank job recorded shows on the slot.
    await setRanks(slotIds[0], { rank_alert_last: { at: new Date().toISOString(), from: 12, to: 25, kind: 'moved' } });
    await page.getByRole('button', { name: '새로고침' }).click();
    await list.getByRole('button', { name: /^최근 순위 알림: 순위 12 → 25/ }).waitFor();
    await shot(page, 'rank-alert');

    // The ranking page: the real slots, mine named, the rival masked.
    await page.getByRole('link', { name: '성과 랭킹' }).first().click();
    await page.waitForURL((url) => url.pathname === '/ranking');
    const improved = page.getByRole('table', { name: '상승폭 TOP' });
    await improved.waitFor();
    const improvedRows = await improved.locator('tbody tr').allTextContents();
    expect(improvedRows[0]).toContain('게이밍 마우스');
    expect(improvedRows[0]).toContain('최**');
    expect(improvedRows[0]).not.toContain('경쟁사 마우스');
    expect(improvedRows[1]).toContain('블루투스 이어폰');
    expect(improvedRows[1]).toContain('박순위내 슬롯');
    const best = await page.getByRole('table', { name: '현재 순위 TOP' }).locator('tbody tr').allTextContents();
    expect(best.map((r) => r.match(/게이밍 마우스|블루투스 이어폰|무선 충전기/)?.[0])).toEqual([
      '게이밍 마우스',
      '블루투스 이어폰',
      '무선 충전기',
    ]);
    await shot(page, 'keywords');
    await page.getByRole('tab', { name: '광고주 랭킹' }).click();
    // The tab's table renders after its data arrives: wait for its rows before reading them.
    const advertiserRows = page.getByRole('table', { name: '광고주 랭킹' }).locator('tbody tr');
    await advertiserRows.first().waitFor();
    const advertisers = await advertiserRows.allTextContents();
    expect(advertisers[0]).toContain('최**');
    expect(advertisers[0]).toContain('2.0위');
    expect(advertisers[1]).toContain('박순위');
    expect(advertisers[1]).toContain('8.0위');
    expect(advertisers[1]).toContain('2개');
    await shot(page, 'advertisers');
  });

  it('a rank older than rankDelayHours shows as 측정 지연 with its time on My slots, the rank history and the ranking page; a fresh one shows its time', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const lateAt = hoursAgo(40);
    // As the rank job writes them: slot 1 checked 2 hours ago, slot 2's last healthy check 40 hours ago.
    await setRanks(slotIds[0], { rank_measured_at: hoursAgo(2) });
    await setRanks(slotIds[1], { rank_measured_at: lateAt });
    // The ranking page keeps its lists for a minute; the first journey has just filled it.
    invalidateRankingCache();
    const page = await browser.freshPage();
    await submitLogin(page, stack.url, advertiser.email, advertiser.password);
    await page.waitForURL((url) => url.pathname === '/slots');
    const list = page.getByRole('region', { name: '슬롯 목록' });
    // Past the default 36 hours: 측정 지연, no arrow against yesterday, the time it was measured beside it.
    const late = list.getByRole('button', { name: '9위, 측정 지연, 순위 히스토리 보기' });
    await late.waitFor();
    const lateCell = late.locator('..');
    expect(await lateCell.textContent()).toContain('측정 지연40시간 전 측정');
    expect(await lateCell.locator('[data-freshness="delayed"]').getAttribute('title')).toContain(
      `마지막 측정 ${kstDateTimeOf(lateAt)} (한국 시간)`,
    );
    const fresh = list.getByRole('button', { name: '7위 (▲5), 순위 히스토리 보기' });
    expect(await fresh.locator('..').textContent()).toContain('2시간 전 측정');
    expect(await fresh.locator('..').textContent()).not.toContain('측정 지연');
    await shot(page, 'freshness-my-slots');

    // The rank history heads with the current rank and its time.
    await late.click();
    const modal = page.getByRole('dialog', { name: /순위 히스토리/ });
    expect(await modal.getByTestId('current-rank').textContent()).toBe('현재 순위9위측정 지연40시간 전 측정');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    // The ranking page says the same of the same slots.
    await page.getByRole('link', { name: '성과 랭킹' }).first().click();
    const best = page.getByRole('table', { name: '현재 순위 TOP' });
    await best.waitFor();
    expect(await best.locator('tr', { hasText: '무선 충전기' }).textContent()).toContain('9위측정 지연40시간 전 측정');
    expect(await best.locator('tr', { hasText: '블루투스 이어폰' }).textContent()).toContain('7위2시간 전 측정');

    // On a 390 px phone My slots opens as cards: the delayed rank and its time fit without sideways scrolling.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack.url}/slots`);
    const card = page.locator('li[data-slot-number="2"]');
    await card.getByText('측정 지연').waitFor();
    expect(await card.textContent()).toContain('40시간 전 측정');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await shot(card, 'freshness-phone-card');
    if (desktop) await page.setViewportSize(desktop);

    // An operator allows 48 hours: the same rank reads as current again, with its time.
    const api = apiClient(stack.url);
    const { token } = await api.login(operator.email, operator.password);
    const saved = await api.call('PUT', '/api/system-settings', {
      token,
      body: { settings: [{ key: 'rankDelayHours', value: 48 }] },
    });
    expect(saved.status).toBe(200);
    await page.goto(`${stack.url}/slots`);
    const current = list.getByRole('button', { name: '9위 (▼6), 순위 히스토리 보기' });
    await current.waitFor();
    expect(await current.locator('..').textContent()).toContain('40시간 전 측정');
    expect(await current.locator('..').textContent()).not.toContain('측정 지연');
  });
});
