import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { addKstDays, kstToday } from '../../shared/kst';
import { fund, resetSettings, setSetting } from '../support/slots';

/**
 * Screens that fit: every advertiser page fits a 390×844 phone without
 * sideways scrolling, the floating buttons and toasts cover no action, My slots opens as cards there;
 * at 1440×900 the operator's slot list shows ten rows in one screen with long names cut short and
 * the full text in the tooltip.
 */
const shot = screenshotsOf('screen-fit-');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const LAPTOP = { width: 1366, height: 768 };
const advertiser = { email: 'fitadv', password: 'adpass123', fullName: '김모바일' };
const operator = { email: 'fitop', password: 'oppass123', fullName: '정운영', role: 'operator' as const };
// A developer sees every operator page (settings too) and the most row actions (user switch).
const developer = { email: 'fitdev', password: 'devpass123', fullName: '한개발', role: 'developer' as const };
const longName = (n: number) => `주식회사 대한민국종합광고마케팅그룹 제${n}지점`;
const longLoginId = (n: number) => `verylongadvertiseraccountid${String(n).padStart(2, '0')}`;
const longProductId = (n: number) => `98765432101234${String(n).padStart(2, '0')}`;

let stack: LocalStack;
let browser: BrowserSession;
let api: ReturnType<typeof apiClient>;
let advertiserId: string;
let operatorToken: string;

const landingUrl = (productId: string, n: number) =>
  `https://www.coupang.com/vp/products/${productId}?itemId=${5000 + n}&vendorItemId=${6000 + n}`;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  api = apiClient(stack.url);
  // Both floating buttons (the notification centre and the chat) on: the worst case for covering.
  await setSetting('chatEnabled', true);
  advertiserId = (await stack.createUser(advertiser)).id;
  await stack.createUser(operator);
  await stack.createUser(developer);
  operatorToken = (await api.login(operator.email, operator.password)).token;
  await fund(advertiserId, 1_000_000);
  const adv = await api.login(advertiser.email, advertiser.password);
  for (const n of [1, 2, 3]) {
    const created = await api.call('POST', '/api/slots', {
      token: adv.token,
      body: {
        customFields: {
          keywords: `무선 블루투스 이어폰 노이즈캔슬링 ${n}`,
          landingUrl: landingUrl(String(7340176386 + n), n),
          mid: `M${n}`,
        },
      },
    });
    expect(created.status).toBe(201);
  }
  // Something in each list: a charge request, an announcement, a notification.
  const charge = await api.call('POST', '/api/cash/charge-requests', {
    token: adv.token,
    body: { amount: 50_000, depositAt: '2026-01-05T10:00', accountHolder: '김모바일' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(charge.status).toBe(201);
  const announcement = await api.call('POST', '/api/announcements', {
    token: operatorToken,
    body: {
      title: '여름 시즌 슬롯 운영 시간 변경 및 고객센터 상담 시간 연장 안내',
      content: '<p>운영 시간이 바뀝니다.</p>',
    },
  });
  expect(announcement.status, JSON.stringify(announcement.body)).toBe(201);
  const notified = await api.call('POST', '/api/notifications', {
    token: operatorToken,
    body: { type: 'info', title: '환영합니다', message: '슬롯 신청 방법을 확인해보세요.', recipientId: advertiserId },
  });
  expect(notified.status).toBe(201);
  // Ten advertisers with long names, ids and product ids: one slot each for the operator's list. Nine
  // side by side (one after another they took a loaded machine past the hook's time), then the tenth,
  // whose slot is the newest and so heads the operator's first page, where the journey reads it.
  const seedLongNamed = async (n: number) => {
    const { id } = await stack.createUser({ email: longLoginId(n), password: 'secret12', fullName: longName(n) });
    await fund(id, 100_000);
    const { token } = await api.login(longLoginId(n), 'secret12');
    const created = await api.call('POST', '/api/slots', {
      token,
      body: {
        customFields: {
          keywords: `긴 키워드 여름 원피스 린넨 ${n}`,
          landingUrl: landingUrl(longProductId(n), n),
          mid: `L${n}`,
        },
      },
    });
    expect(created.status).toBe(201);
  };
  await Promise.all(Array.from({ length: 9 }, (_, i) => seedLongNamed(i + 1)));
  await seedLongNamed(10);
  // The other wide operator lists get a long-named row each: a charge request and an issuance.
  const longUser = await api.login(longLoginId(2), 'secret12');
  const longCharge = await api.call('POST', '/api/cash/charge-requests', {
    token: longUser.token,
    body: { amount: 30_000, depositAt: '2026-01-05T10:00', accountHolder: '주식회사대한민국종합광고마케팅그룹' },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(longCharge.status).toBe(201);
  await setSetting('slotOperationMode', 'pre-allocation');
  const issued = await api.call('POST', `/api/slots/allocate/${longUser.user.id}`, {
    token: operatorToken,
    body: {
      slotCount: 2,
      startDate: kstToday(),
      endDate: addKstDays(kstToday(), 6),
      description: '여름 시즌 신규 광고주 프로모션 추가 발행분',
      memo: '영업팀 요청으로 발행, 결제는 다음 달 정산 때 함께 처리하기로 협의함',
    },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  await resetSettings('slotOperationMode');
  browser = await launchBrowser();
});

afterAll(async () => {
  await resetSettings('chatEnabled', 'slotOperationMode');
  await browser?.close();
  await stack?.stop();
});

async function signIn(page: Page, email: string, password: string, landing: string) {
  await submitLogin(page, stack.url, email, password);
  await page.waitForURL((url) => url.pathname === landing);
}

/** How far the page itself scrolls sideways (0 when it fits the window). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The element a tap at the centre of `target` would reach is the target itself (or inside it). */
async function tapReaches(target: Locator) {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
}

/**
 * The page's own controls that a floating button (anything fixed to the window) lies over, with the
 * page scrolled to its end: nothing of the page may stay unreachable under them.
 */
const coveredControls = (page: Page) =>
  page.evaluate(() => {
    const isFloating = (el: Element | null): boolean => {
      for (let at = el; at; at = at.parentElement) if (getComputedStyle(at).position === 'fixed') return true;
      return false;
    };
    const boxes = (selector: string, floating: boolean) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => el.getClientRects().length > 0 && isFloating(el) === floating)
        .map((el) => ({ el, box: el.getBoundingClientRect() }));
    // Floating buttons, not dialogs: a dialog covers the page on purpose.
    const floaters = boxes('button, a', true).filter(({ el }) => !el.closest('[role="dialog"]'));
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
    return boxes('main button, main a, main input, main select, main textarea', false)
      .filter(({ box }) => box.bottom > 0 && box.top < window.innerHeight)
      .flatMap(({ el, box }) =>
        floaters
          .filter((f) => overlaps(box, f.box))
          .map(
            (f) =>
              `${f.el.getAttribute('aria-label') ?? f.el.textContent} covers ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName}`,
          ),
      );
  });

/**
 * The visible controls (buttons, links, fields) that a tap at their centre would not reach. Each is
 * first scrolled to the middle of its scrolling boxes, as a person would scroll to it, so what is
 * left is a control that stays under something: a floating button, a sticky bar or column, a toast.
 * The centre is that of the part its clipping boxes let show (a name cut short is tapped where it
 * shows). With a modal dialog open only the dialog's controls count: it covers the page on purpose.
 */
const unreachableControls = (page: Page) =>
  page.evaluate(() => {
    const name = (el: Element | null) =>
      !el
        ? 'nothing'
        : (el.getAttribute('aria-label') ??
          (el.textContent?.trim().slice(0, 30) || `${el.tagName.toLowerCase()}.${el.className}`));
    const visiblePart = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = at.getBoundingClientRect();
        [left, top, right, bottom] = [
          Math.max(left, clip.left),
          Math.max(top, clip.top),
          Math.min(right, clip.right),
          Math.min(bottom, clip.bottom),
        ];
      }
      [left, top] = [Math.max(left, 0), Math.max(top, 0)];
      [right, bottom] = [Math.min(right, window.innerWidth), Math.min(bottom, window.innerHeight)];
      return right - left >= 2 && bottom - top >= 2 ? { x: (left + right) / 2, y: (top + bottom) / 2 } : null;
    };
    const modal = document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]');
    const controls = [
      ...(modal ?? document).querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type="hidden"]), select, textarea',
      ),
    ].filter((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      // Not shown to a person: nothing to reach (the visually-hidden pattern is a 1 px box).
      return (
        el.getClientRects().length > 0 &&
        style.visibility !== 'hidden' &&
        Number(style.opacity) > 0 &&
        box.width > 1 &&
        box.height > 1 &&
        !el.closest('[aria-hidden="true"], [inert]')
      );
    });
    const problems: string[] = [];
    for (const el of controls) {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const point = visiblePart(el);
      if (!point) continue;
      const hit = document.elementFromPoint(point.x, point.y);
      const reached =
        !!hit && (hit === el || el.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el));
      if (!reached)
        problems.push(
          `${name(el)} ← ${hit ? `${hit.tagName.toLowerCase()} ${name(hit).slice(0, 30)}` : 'nothing'} at ${Math.round(point.x)},${Math.round(point.y)}`,
        );
    }
    window.scrollTo(0, 0);
    return problems;
  });

/** Once animations (toasts sliding in, menus) are at rest, every visible control answers a tap. */
async function expectAllReachable(page: Page, what: string) {
  await page.waitForTimeout(150);
  expect.soft(await unreachableControls(page), `${what}: covered controls`).toEqual([]);
}

/** Controls of the page cut off at the window's edge (outside any box that scrolls sideways). */
const cutOffControls = (page: Page) =>
  page.evaluate(() => {
    const scrollsSideways = (el: Element) => {
      for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
        const overflow = getComputedStyle(at).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && at.scrollWidth > at.clientWidth) return true;
      }
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>('main button, main a, main input, main select')]
      .filter((el) => el.getClientRects().length > 0 && !scrollsSideways(el))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.left < -1 || box.right > document.documentElement.clientWidth + 1;
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
  });

/** Every button and link of the header answers a tap at its centre. */
async function expectHeaderReachable(page: Page, what: string) {
  const actions = page.locator('header').first().locator('a, button');
  const count = await actions.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const action = actions.nth(i);
    if (!(await action.isVisible())) continue;
    const name = (await action.getAttribute('aria-label')) ?? (await action.textContent());
    expect.soft(await tapReaches(action), `${what} covers the header's ${name}`).toBe(true);
  }
}

/** Texts in the page's table cells that broke onto a second line (their glyphs span two lines' height). */
const wrappedTexts = (page: Page) =>
  page.locator('main tbody td').evaluateAll((cells) =>
    cells.flatMap((td) =>
      [...td.querySelectorAll<HTMLElement>('a, span, div, button')]
        .filter((el) => el.children.length === 0 && (el.textContent ?? '').trim().length > 0)
        .filter((el) => {
          const text = document.createRange();
          text.selectNodeContents(el);
          const lines = [...text.getClientRects()];
          const top = Math.min(...lines.map((r) => r.top));
          const bottom = Math.max(...lines.map((r) => r.bottom));
          return bottom - top > parseFloat(getComputedStyle(el).fontSize) * 1.9;
        })
        .map((el) => el.textContent),
    ),
  );

const wideAdminLists = [
  { path: '/admin/users', heading: '사용자 관리' },
  { path: '/admin/cash', heading: '캐시 승인' },
  { path: '/admin/slot-allocation-history', heading: '슬롯 발행 내역' },
  { path: '/admin/announcements', heading: '공지사항 관리' },
  { path: '/admin/notification-history', heading: '알림 내역' },
];

const advertiserPages = [
  { path: '/slots', heading: '내 광고 슬롯' },
  { path: '/slots/bulk', heading: '슬롯 대량 등록' },
  { path: '/cash/charge', heading: '캐시 충전' },
  { path: '/cash-history', heading: '캐시 내역' },
  { path: '/ranking', heading: '성과 랭킹' },
  { path: '/profile', heading: '내 정보' },
  { path: '/announcements', heading: '공지사항' },
  { path: '/notifications', heading: '알림' },
];

describe('the advertiser pages on a 390×844 phone', () => {
  it('fit the width, open My slots as cards, and keep the bulk submit and the header free', async () => {
    const page = await browser.freshPage();
    await page.setViewportSize(PHONE);
    const calls = trackApiCalls(page);
    await signIn(page, advertiser.email, advertiser.password, '/slots');

    for (const { path, heading } of advertiserPages) {
      await page.goto(`${stack.url}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await calls.settled();
      await shot(page, `phone${path.replaceAll('/', '-')}`, true);
      expect.soft(await pageOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect.soft(await cutOffControls(page), `${path}: controls cut off at the edge`).toEqual([]);
      // The main pages' check of every control (below, at 1366×768 as well) is made on this visit.
      if (mainAdvertiserPages.some((main) => main.path === path)) await expectAllReachable(page, `390×844 ${path}`);
      // Scrolled to its end, the page's last controls are clear of the floating buttons.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      expect.soft(await coveredControls(page), `${path}: controls under the floating buttons`).toEqual([]);
    }

    // The chat: the floating button's dialog.
    await page.getByRole('button', { name: /^1:1 문의하기/ }).click();
    await page.getByRole('dialog', { name: '고객 지원' }).waitFor();
    await calls.settled();
    await expectAllReachable(page, '390×844 chat');
    await shot(page, 'covered-390-chat');

    // My slots: the card view, not a table to scroll sideways.
    await page.goto(`${stack.url}/slots`);
    await page.getByRole('heading', { name: '내 광고 슬롯' }).waitFor();
    await page.getByText('무선 블루투스 이어폰 노이즈캔슬링 1').first().waitFor();
    await expect
      .soft(page.getByRole('button', { name: '카드로 보기' }).getAttribute('aria-pressed'))
      .resolves.toBe('true');
    expect.soft(await page.locator('main table').count()).toBe(0);

    // Bulk registration: with the page scrolled to its end the submit button sits where the floating
    // buttons live, and a tap at its centre must still reach it.
    await page.goto(`${stack.url}/slots/bulk`);
    const submit = page.getByTestId('bulk-submit');
    await submit.waitFor();
    await calls.settled();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(100);
    await shot(page, 'phone-bulk-bottom');
    expect.soft(await tapReaches(submit), 'the bulk submit button is covered').toBe(true);
    expect.soft(await coveredControls(page)).toEqual([]);

    // Toasts leave the header's bell and profile link reachable: the page's own (a registration) ...
    await page.goto(`${stack.url}/slots`);
    await page.getByRole('heading', { name: '내 광고 슬롯' }).waitFor();
    await calls.settled();
    await page.getByRole('button', { name: '개별 등록' }).click();
    const dialog = page.getByRole('dialog', { name: '슬롯 개별 등록' });
    await dialog.getByLabel('키워드').fill('휴대폰 등록 키워드');
    await dialog.getByLabel('URL').fill(landingUrl('7340176390', 9));
    await dialog.getByLabel('MID').fill('M9');
    await dialog.getByRole('button', { name: /^등록/ }).click();
    await page.getByRole('status').filter({ hasText: '슬롯이 신청되었습니다.' }).waitFor();
    await page.waitForTimeout(300); // the slide-in animation
    await shot(page, 'phone-toast-page');
    await expectHeaderReachable(page, 'the registration toast');

    // ... and a notification the operator sends.
    const sent = await api.call('POST', '/api/notifications', {
      token: operatorToken,
      body: {
        type: 'info',
        title: '공지 알림',
        message: '휴대폰 화면에서 헤더를 가리지 않는 알림입니다.',
        recipientId: advertiserId,
      },
    });
    expect(sent.status).toBe(201);
    await page.getByRole('status').filter({ hasText: '공지 알림' }).first().waitFor();
    await page.waitForTimeout(400); // the slide-in animation
    await shot(page, 'phone-toast-notification');
    await expectHeaderReachable(page, 'the notification toast');
    // Eleven page loads and three checks of every control on a phone: as long as each test below.
  }, 240_000);
});

describe('/admin/slots at 1440×900', () => {
  it('shows ten rows in one screen, long names cut short with the full text in the tooltip', async () => {
    const page = await browser.freshPage();
    await page.setViewportSize(DESKTOP);
    const calls = trackApiCalls(page);
    await signIn(page, operator.email, operator.password, '/admin');
    await page.goto(`${stack.url}/admin/slots`);
    await page.getByRole('heading', { name: '슬롯 승인' }).waitFor();
    const rows = page.locator('main tbody tr[data-slot-id]');
    await expect.poll(() => rows.count()).toBe(10);
    await calls.settled();
    await shot(page, 'admin-slots');

    // The staff sidebar carries no cash card: an operator has no balance to charge.
    expect.soft(await page.getByText('보유 캐시').count()).toBe(0);
    expect.soft(await page.getByRole('button', { name: '캐시충전' }).count()).toBe(0);

    const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
    const total = heights.reduce((a, b) => a + b, 0);
    expect.soft(Math.max(...heights), `row heights ${heights.join(', ')}`).toBeLessThanOrEqual(64);
    expect.soft(total, 'ten rows are taller than the screen').toBeLessThanOrEqual(DESKTOP.height);

    expect.soft(await wrappedTexts(page), 'texts wrapped onto more than one line').toEqual([]);

    // Long names are cut short, and the tooltip holds the whole name.
    const first = rows.filter({ hasText: '제10지점' }).first();
    const name = first.getByTitle(longName(10), { exact: true }).first();
    await expect.soft(name.count()).resolves.toBe(1);
    if ((await name.count()) === 1) {
      const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect.soft(cut, 'the long name is shown in full').toBe(true);
    }
    await expect.soft(first.getByTitle(longLoginId(10), { exact: true }).count()).resolves.toBe(1);
    await expect.soft(first.getByTitle(longProductId(10), { exact: true }).count()).resolves.toBe(1);
    expect.soft(await pageOverflow(page), 'the page scrolls sideways').toBeLessThanOrEqual(0);

    // The other wide operator lists share the table: no name or id breaks over lines there either.
    for (const { path, heading } of wideAdminLists) {
      await page.goto(`${stack.url}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await page.locator('main tbody tr').first().waitFor();
      await calls.settled();
      await shot(page, `admin${path.replace('/admin', '').replaceAll('/', '-')}`);
      expect.soft(await wrappedTexts(page), `${path}: texts wrapped onto more than one line`).toEqual([]);
      expect.soft(await pageOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});

const mainAdvertiserPages = [
  { path: '/slots', heading: '내 광고 슬롯' },
  { path: '/cash/charge', heading: '캐시 충전' },
  { path: '/cash-history', heading: '캐시 내역' },
  { path: '/announcements', heading: '공지사항' },
  { path: '/notifications', heading: '알림' },
];
const mainOperatorPages = [
  { path: '/admin/slots', heading: '슬롯 승인' },
  { path: '/admin/users', heading: '사용자 관리' },
  { path: '/admin/cash', heading: '캐시 승인' },
  { path: '/admin/announcements', heading: '공지사항 관리' },
  { path: '/admin/settings', heading: '시스템 설정' },
  { path: '/admin/chat', heading: '고객 문의 관리' },
];

describe('no control is covered on the main pages', () => {
  for (const [label, size] of [
    ['390×844', PHONE],
    ['1366×768', LAPTOP],
  ] as const) {
    it(`at ${label}: every visible button, link and field answers a tap at its centre`, async () => {
      // One fresh window per account: signing in again needs the first session gone.
      const open = async (email: string, password: string, landing: string) => {
        const page = await browser.freshPage();
        await page.setViewportSize(size);
        const calls = trackApiCalls(page);
        await signIn(page, email, password, landing);
        const check = async (what: string) => {
          await calls.settled();
          await expectAllReachable(page, `${label} ${what}`);
        };
        const visit = async (path: string, heading: string) => {
          await page.goto(`${stack.url}${path}`);
          await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
          await check(path);
        };
        return { page, calls, check, visit };
      };

      // On a phone the first test checks the advertiser's pages and the chat while it visits them.
      if (size !== PHONE) {
        const adv = await open(advertiser.email, advertiser.password, '/slots');
        for (const { path, heading } of mainAdvertiserPages) await adv.visit(path, heading);
        // The chat: the floating button's dialog.
        await adv.page.getByRole('button', { name: /^1:1 문의하기/ }).click();
        await adv.page.getByRole('dialog', { name: '고객 지원' }).waitFor();
        await adv.check('chat');
        await shot(adv.page, `covered-${size.width}-chat`);
      }

      const { page, calls, visit } = await open(developer.email, developer.password, '/admin');
      for (const { path, heading } of mainOperatorPages) await visit(path, heading);
      await page.goto(`${stack.url}/admin/users`);
      await page.getByRole('heading', { name: '사용자 관리', exact: true }).waitFor();
      await calls.settled();
      await shot(page, `covered-${size.width}-admin-users`);
      if (size === PHONE) {
        // The user table on a phone: one menu button per row; the names and ids get the width.
        const row = page.locator('main tbody tr').filter({ hasText: longLoginId(3) });
        expect.soft(await row.getByRole('button').count()).toBe(1);
        const widths = await row.evaluate((tr) => {
          const cells = [...tr.querySelectorAll('td')];
          return { actions: cells.at(-1)!.getBoundingClientRect().width, window: window.innerWidth };
        });
        expect.soft(widths.actions, 'the action column on a phone').toBeLessThanOrEqual(widths.window / 6);
        await row.getByRole('button', { name: `${longName(3)} 작업` }).click();
        await page.getByRole('menu').getByRole('menuitem', { name: '수정' }).click();
        await page.getByRole('dialog').waitFor();
        await shot(page, 'covered-phone-user-edit');
      }
    }, 240_000);
  }
});
