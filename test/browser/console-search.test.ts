import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKstDays, kstToday } from '../../shared/kst';
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
import { fund, row, setSetting } from '../support/slots';

/**
 * In the browser: the lists an operator searches on the server. The slot console's
 * combined search (two fields and the period at once, a refused search, a slot number that is not a number), the issuance history searched by user (reached
 * from a user's row) and by operator, the announcements admin paged and searched, and the chat inbox
 * searched by user, filtered by status and unread, and paged with '더 보기'.
 */
const shot = screenshotsOf('console-search-');
const operator = { email: 'searchop', password: 'oppass123', fullName: '정검색', role: 'operator' as const };
const otherOperator = { email: 'searchop2', password: 'oppass123', fullName: '한발행', role: 'operator' as const };
const alice = { email: 'searchalice', password: 'adpass123', fullName: '김앨리스' };
const bob = { email: 'searchbob', password: 'adpass123', fullName: '박밥' };
/** Chat rooms: more than one inbox page (50). */
const ROOMS = 55;

let stack: LocalStack;
let browser: BrowserSession;
let aliceId: string;
let bobId: string;
const aliceSlots: string[] = [];

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  const api = apiClient(stack.url);
  aliceId = (await stack.createUser(alice)).id;
  bobId = (await stack.createUser(bob)).id;
  await stack.createUser(operator);
  await stack.createUser(otherOperator);
  await fund(aliceId, 1_000_000);
  await fund(bobId, 1_000_000);

  // Slots: Alice has three '무선 마우스' and three '기계식 키보드' slots, Bob three '무선 마우스' ones.
  const adv = await api.login(alice.email, alice.password);
  const res = await api.call('POST', '/api/slots/bulk', {
    token: adv.token,
    body: {
      rows: Array.from({ length: 6 }, (_, i) =>
        row(i + 1, { keywords: i < 3 ? `무선 마우스 ${i + 1}` : `기계식 키보드 ${i + 1}` }),
      ),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  aliceSlots.push(...res.body.data.slotIds);
  const bobToken = (await api.login(bob.email, bob.password)).token;
  const bobRes = await api.call('POST', '/api/slots/bulk', {
    token: bobToken,
    body: { rows: Array.from({ length: 3 }, (_, i) => row(10 + i, { keywords: `무선 마우스 ${10 + i}` })) },
  });
  expect(bobRes.status, JSON.stringify(bobRes.body)).toBe(200);

  // Issuances (pre-allocation): two to Alice by the first operator, one to Bob by the second.
  await setSetting('slotOperationMode', 'pre-allocation');
  const op = await api.login(operator.email, operator.password);
  const op2 = await api.login(otherOperator.email, otherOperator.password);
  const issue = async (token: string, userId: string, slotCount: number, description: string) => {
    const r = await api.call('POST', `/api/slots/allocate/${userId}`, {
      token,
      body: { slotCount, startDate: kstToday(), endDate: addKstDays(kstToday(), 9), description },
    });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  };
  await issue(op.token, aliceId, 2, '앨리스 첫 발행');
  await issue(op.token, aliceId, 3, '앨리스 두번째 발행');
  await issue(op2.token, bobId, 4, '밥 발행');
  await setSetting('slotOperationMode', 'normal');

  // Announcements: 25, every fifth about maintenance ('점검').
  for (let i = 1; i <= 25; i++) {
    const r = await api.call('POST', '/api/announcements', {
      token: op.token,
      body: { title: i % 5 === 0 ? `서버 점검 안내 ${i}` : `공지 ${i}`, content: `<p>내용 ${i}</p>` },
    });
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  }

  // Chat: 55 advertisers ask a question each (through the chat domain, as the API would); room 7 is
  // 박지성's, every fourth room is closed, and the operator has read all but every tenth.
  await setSetting('chatEnabled', true);
  const { usersStore } = await import('../../functions/storage/users');
  const { sendFirstMessage, markRead } = await import('../../functions/domain/chat/messages');
  const { setStatus } = await import('../../functions/domain/chat/rooms');
  const staff = { userId: 'staff', role: 'operator' as const, sessionId: 's', actorId: null };
  for (let i = 0; i < ROOMS; i++) {
    const id = `CHATSEARCH${String(i).padStart(3, '0')}`;
    const now = new Date().toISOString();
    await usersStore.create({
      id,
      loginId: `chatsearch${i}`,
      role: 'user',
      fullName: i === 7 ? '박지성' : `문의고객${i}`,
      phone: null,
      isActive: true,
      passwordHash: 'x',
      permissions: [],
      createdAt: now,
      updatedAt: now,
      lastLoginAt: null,
    });
    const caller = { userId: id, role: 'user' as const, sessionId: 's', actorId: null };
    const { room } = await sendFirstMessage(caller, { content: `문의드립니다 ${i}` }, { ip: `10.0.0.${i}` });
    if (i % 10 !== 0) await markRead(staff, room.id);
    if (i % 4 === 0) await setStatus(staff, room.id, 'closed');
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function signIn(page: Page) {
  await submitLogin(page, stack.url, operator.email, operator.password);
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
}

describe('searching the console’s lists', () => {
  it('the slot console combines keyword, user and the period in one search', async () => {
    const page = await browser.freshPage();
    const api = trackApiCalls(page);
    await signIn(page);
    await page.goto(`${stack.url}/admin/slots`);
    const rows = page.locator('tr[data-slot-id]');
    await rows.first().waitFor();

    await page.getByRole('button', { name: '상세 검색' }).click();
    const panel = page.getByRole('form', { name: '상세 검색' });
    // No period is needed: the search covers every slot.
    expect(await panel.getByLabel('등록일 시작').inputValue()).toBe('');
    await panel.getByLabel('키워드').fill('무선');
    await panel.getByRole('button', { name: '검색' }).click();
    await expect.poll(() => rows.count()).toBe(6);
    // Two fields at once: only Alice's mouse slots.
    await panel.getByLabel('사용자 ID').fill(alice.email);
    await panel.getByRole('button', { name: '검색' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await api.settled();
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-slot-id')))).toEqual(
      expect.arrayContaining(aliceSlots.slice(0, 3)),
    );
    await shot(page, 'slots-combined');
    // A search the server refuses: its Korean text, and none of the rows of the search before.
    await panel.getByLabel('등록일 시작').fill(kstToday());
    await panel.getByLabel('등록일 종료').fill(addKstDays(kstToday(), -1));
    await panel.getByRole('button', { name: '검색' }).click();
    await page.getByText('종료일은 시작일보다 늦어야 합니다.').waitFor();
    expect(await rows.count()).toBe(0);
    await shot(page, 'slots-refused');
    // A slot number that is not a number never leaves the form.
    const slotNumbersSent: string[] = [];
    page.on('request', (r) => {
      const slotNumber = new URL(r.url()).searchParams.get('slotNumber');
      if (slotNumber !== null) slotNumbersSent.push(slotNumber);
    });
    await panel.getByLabel('슬롯 번호').fill('일곱');
    await panel.getByRole('button', { name: '검색' }).click();
    await panel.getByRole('alert').filter({ hasText: '슬롯 번호는 1 이상의 숫자로 입력해 주세요.' }).waitFor();
    expect(slotNumbersSent).toEqual([]);
    await panel.getByLabel('슬롯 번호').fill('');
    // A period before any registration: nothing.
    await panel.getByLabel('등록일 시작').fill(addKstDays(kstToday(), -60));
    await panel.getByLabel('등록일 종료').fill(addKstDays(kstToday(), -40));
    await panel.getByRole('button', { name: '검색' }).click();
    await page.getByText('조건에 맞는 슬롯이 없습니다.').waitFor();
    expect(await rows.count()).toBe(0);
  });

  it('issuance history: a user’s row links to their issuances; the operator search narrows them', async () => {
    const page = await browser.freshPage();
    await signIn(page);
    await page.goto(`${stack.url}/admin/users`);
    await page.getByRole('searchbox', { name: '사용자 검색' }).fill(alice.email);
    await page.locator(`tr[data-user-id="${aliceId}"]`).getByRole('link', { name: '발행 내역' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/slot-allocation-history');
    await page.getByRole('heading', { name: '슬롯 발행 내역' }).waitFor();
    const rows = page.getByTestId('allocation-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(alice.fullName)]));
    expect((await rows.allTextContents()).join()).not.toContain(bob.fullName);
    await shot(page, 'issuance-of-user');

    // By operator: clear the user, name the second operator (login id): only Bob's issuance.
    await page.getByRole('searchbox', { name: '사용자 검색' }).fill('');
    await page.getByRole('searchbox', { name: '운영자 검색' }).fill(otherOperator.email);
    // Clearing the user shows all three for a moment (both searches are debounced): wait for the one row.
    await expect
      .poll(() => rows.allTextContents(), { timeout: 10_000 })
      .toEqual([expect.stringContaining(bob.fullName)]);
    // An unknown account: nothing.
    await page.getByRole('searchbox', { name: '운영자 검색' }).fill('nobody-such');
    await page.getByText('발행 내역이 없습니다.').waitFor();
  });

  it('announcements admin: pages of 20 from the server, searched on the server', async () => {
    const page = await browser.freshPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/announcements') calls.push(url.search);
    });
    await signIn(page);
    await page.goto(`${stack.url}/admin/announcements`);
    const rows = page.locator('tr[data-announcement-id]');
    await expect.poll(() => rows.count()).toBe(20);
    await page.getByText('전체 25건, 1 페이지').waitFor();
    await expect.poll(() => rows.first().textContent()).toContain('서버 점검 안내 25');
    await page.getByRole('button', { name: '다음' }).click();
    await expect.poll(() => rows.count()).toBe(5);
    await page.getByText('전체 25건, 2 페이지').waitFor();
    expect(await rows.last().textContent()).toContain('공지 1');
    expect(calls.at(-1)).toContain('cursor=');
    await page.getByRole('button', { name: '이전' }).click();
    await expect.poll(() => rows.count()).toBe(20);

    await page.getByRole('searchbox', { name: '검색' }).fill('점검');
    await expect.poll(() => rows.count()).toBe(5);
    await page.getByText('전체 5건, 1 페이지').waitFor();
    expect(calls.at(-1)).toContain(`search=${encodeURIComponent('점검')}`);
    expect(await page.getByRole('button', { name: '다음' }).isDisabled()).toBe(true);
    await shot(page, 'announcements-search');
  });

  it('chat inbox: 더 보기 pages by cursor; user search, status and unread filters ask the server', async () => {
    const page = await browser.freshPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/chat/rooms') calls.push(url.search);
    });
    await signIn(page);
    await page.goto(`${stack.url}/admin/chat`);
    const rooms = page.getByTestId('chat-room');
    await expect.poll(() => rooms.count()).toBe(50);
    await expect.poll(() => page.getByTestId('chat-total-rooms').textContent()).toBe(`전체 ${ROOMS}`);
    await page.getByRole('button', { name: '더 보기' }).click();
    await expect.poll(() => rooms.count()).toBe(ROOMS);
    expect(await page.getByRole('button', { name: '더 보기' }).count()).toBe(0);
    expect(calls.at(-1)).toContain('cursor=');
    // Every room once.
    const names = await rooms.allTextContents();
    expect(new Set(names).size).toBe(ROOMS);

    await page.getByRole('searchbox', { name: '사용자 검색' }).fill('박지성');
    await expect.poll(() => rooms.count()).toBe(1);
    expect(await rooms.first().textContent()).toContain('박지성');
    expect(calls.at(-1)).toContain(`user=${encodeURIComponent('박지성')}`);
    await page.getByRole('searchbox', { name: '사용자 검색' }).fill('chatsearch12');
    await expect.poll(() => rooms.allTextContents()).toEqual([expect.stringContaining('문의고객12')]);
    await page.getByRole('searchbox', { name: '사용자 검색' }).fill('');

    // Closed rooms (every fourth: 14) with unread messages (every tenth): rooms 0, 20 and 40.
    await page.getByRole('combobox', { name: '상담 상태 필터' }).selectOption({ label: '종료' });
    await expect.poll(() => rooms.count()).toBe(14);
    await page.getByRole('checkbox', { name: '읽지 않음만' }).check();
    await expect
      .poll(async () => (await rooms.allTextContents()).map((t) => t.match(/문의고객\d+/)?.[0]))
      .toEqual(['문의고객40', '문의고객20', '문의고객0']);
    expect(calls.at(-1)).toMatch(/status=closed/);
    expect(calls.at(-1)).toMatch(/unread=true/);
    await shot(page, 'chat-filters');
  });
});
