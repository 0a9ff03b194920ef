import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ensureWebBuild, launchBrowser, submitLogin, trackApiCalls, type BrowserSession } from '../support/browser';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { fund, productUrl } from '../support/slots';
import { offSiteUrl, owaspXssVectors } from '../support/xss-vectors';

/**
 * Stored text is shown as text, never run. Names, slot fields, rejection and
 * refund reasons carry vectors of the OWASP XSS filter-evasion cheat sheet; the pages that show
 * them are opened in Chromium, and no vector may create an element, set a handler or run a script.
 * The site's CSP would stop an inline handler anyway, so the test looks at the DOM itself too.
 */
const vectors = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '<svg/onload=window.__xss=3>',
  '"><iframe src="javascript:window.__xss=4">',
  "<a href='javascript:window.__xss=5'>x</a>",
  '<body onload=window.__xss=6>',
  '<div style="background:url(javascript:window.__xss=7)">',
  '<math><mtext><img src=x onerror=window.__xss=8>',
  '{{constructor.constructor("window.__xss=9")()}}',
  '<details open ontoggle=window.__xss=10>',
];

let stack: LocalStack;
let browser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  const api = apiClient(stack.url);
  await stack.createUser({ email: 'xssop', password: 'secret12', fullName: '운영자', role: 'operator' });
  const op = await api.login('xssop', 'secret12');
  const adv = await stack.createUser({ email: 'xssadv', password: 'secret12', fullName: vectors[1] });
  await fund(adv.id, 10 * 50_000);
  const token = (await api.login('xssadv', 'secret12')).token;
  for (const [i, vector] of vectors.slice(0, 6).entries()) {
    const slot = await api.call('POST', '/api/slots', {
      token,
      body: {
        customFields: {
          keywords: vector.slice(0, 90),
          landingUrl: productUrl(i),
          mid: vector.slice(0, 40),
          description: vector,
        },
      },
    });
    expect(slot.status, JSON.stringify(slot.body)).toBe(201);
    if (i === 0)
      await api.call('POST', `/api/slots/${slot.body.data.id}/approve`, {
        token: op.token,
        body: { approved: false, rejectionReason: vectors[2] },
      });
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function expectNothingRan(page: Page) {
  const found = await page.evaluate(() => ({
    ran: (window as unknown as { __xss?: number }).__xss ?? null,
    injected: document.querySelectorAll(
      'img[src="x"], svg[onload], iframe[src^="javascript"], a[href^="javascript"], details[ontoggle], body[onload] script, main script',
    ).length,
    handlers: [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name)))
      .length,
  }));
  expect(found).toEqual({ ran: null, injected: 0, handlers: 0 });
}

describe('stored XSS vectors', () => {
  it('are shown as text to the advertiser and to the operator, and none runs', async () => {
    const page = await browser.freshPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const api = trackApiCalls(page);
    await submitLogin(page, stack.url, 'xssadv', 'secret12');
    await page.waitForURL((url) => url.pathname === '/slots');
    await api.settled();
    // The list may still be rendering when the calls settle (a loaded machine): wait for the text itself.
    await expect
      .poll(() => page.locator('main').innerText(), { timeout: 10_000 })
      .toContain('<script>window.__xss=1</script>');
    await expectNothingRan(page);

    const staff = await browser.freshPage();
    staff.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const staffApi = trackApiCalls(staff);
    await submitLogin(staff, stack.url, 'xssop', 'secret12');
    await staff.waitForURL((url) => url.pathname === '/admin');
    for (const path of ['/admin/slots', '/admin/users']) {
      await staff.goto(`${stack.url}${path}`);
      await staff.getByText('xssadv').first().waitFor();
      await staffApi.settled();
      await expectNothingRan(staff);
    }
    // The advertiser's name (a vector) is on the users page as text.
    expect(await staff.locator('main').innerText()).toContain('<img src=x onerror="window.__xss=2">');
    expect(dialogs).toEqual([]);
  });
});

/**
 * Announcements: HTML is sanitised on save (server) and again on render (DOMPurify). The
 * OWASP set goes in twice: through the API (the server's pass) and written straight to the table,
 * skipping the server, so the browser's pass alone must hold. Neither may run, add a handler,
 * a javascript:/data: URL, an external image, an iframe/style/script element or a style attribute.
 */
/** What rendered announcement markup holds that could run, restyle, hotlink or lead off the site. */
async function inspectMarkup(root: Locator) {
  const found = await root.evaluate((el) => ({
    elements: [
      ...el.querySelectorAll(
        'script, style, iframe, frame, object, embed, svg, math, link, meta, base, form, input, template, body',
      ),
    ].length,
    handlers: [...el.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
    styles: el.querySelectorAll('[style]').length,
    urls: [...el.querySelectorAll('[href], [src], [action], [background]')].map(
      (e) =>
        e.getAttribute('href') ??
        e.getAttribute('src') ??
        e.getAttribute('action') ??
        e.getAttribute('background') ??
        '',
    ),
    images: [...el.querySelectorAll('img')].map((img) => img.getAttribute('src')),
  }));
  const { urls, ...rest } = found;
  return { ...rest, badUrls: urls.filter((u) => offSiteUrl(u) || /^https?:\/\/tracker/.test(u)) };
}

describe('announcement HTML (OWASP XSS cheat-sheet vectors)', () => {
  it('none survives the save or the render, on the list, the detail modal or the banner', async () => {
    const api = apiClient(stack.url);
    const op = await api.login('xssop', 'secret12');
    const saved = await api.call('POST', '/api/announcements', {
      token: op.token,
      body: { title: 'xss-api', content: owaspXssVectors.join('\n'), is_pinned: true },
    });
    expect(saved.status).toBe(201);
    const { announcementsStore } = await import('../../functions/storage/announcements');
    const now = new Date().toISOString();
    await announcementsStore.create({
      id: '01XSSRAW000000000000000000'.slice(0, 26),
      title: 'xss-raw <img src=x onerror=window.__xss=99>',
      content: owaspXssVectors.join('\n'),
      content_type: 'html',
      category: 'general',
      priority: 'urgent',
      is_pinned: true,
      is_active: true,
      start_date: null,
      end_date: null,
      images: [],
      author_id: 'x',
      author_name: '<script>window.__xss=98</script>',
      view_count: 0,
      created_at: now,
      updated_at: now,
    });

    const page = await browser.freshPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const external: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(stack.url) && !r.url().startsWith('data:')) external.push(r.url());
    });
    const calls = trackApiCalls(page);
    await submitLogin(page, stack.url, 'xssadv', 'secret12');
    await page.waitForURL((url) => url.pathname === '/slots');
    await page.getByTestId('pinned-banner').waitFor();
    await page.goto(`${stack.url}/announcements`);
    await calls.settled();
    for (const title of ['xss-api', 'xss-raw']) {
      await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
      const content = page.getByRole('dialog').getByTestId('announcement-content');
      await content.waitFor();
      await page.waitForTimeout(300);
      const found = await inspectMarkup(content);
      expect(found, title).toEqual({ elements: 0, handlers: 0, styles: 0, badUrls: [], images: [] });
      await expectNothingRan(page);
      await page.keyboard.press('Escape');
    }

    // The operator's editor loads the same markup through the reader's sanitiser, so it cannot run there either.
    const staff = await browser.freshPage();
    staff.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    staff.on('request', (r) => {
      if (!r.url().startsWith(stack.url) && !r.url().startsWith('data:')) external.push(r.url());
    });
    const staffCalls = trackApiCalls(staff);
    await submitLogin(staff, stack.url, 'xssop', 'secret12');
    await staff.waitForURL((url) => url.pathname !== '/login');
    await staff.goto(`${stack.url}/admin/announcements`);
    await staffCalls.settled();
    for (const title of ['xss-api', 'xss-raw']) {
      await staff.getByRole('button', { name: new RegExp(`^${title}.* 수정$`) }).click();
      const editor = staff.getByRole('dialog').getByRole('textbox', { name: '내용' });
      await editor.waitFor();
      await staff.waitForTimeout(300);
      expect(await inspectMarkup(editor), `editor: ${title}`).toEqual({
        elements: 0,
        handlers: 0,
        styles: 0,
        badUrls: [],
        images: [],
      });
      // The encoded links are there as text only, never as a link off the site.
      expect(await editor.locator('a[href*="evil"]').count()).toBe(0);
      await expectNothingRan(staff);
      await staff.keyboard.press('Escape');
    }
    expect(external).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});

/**
 * Support chat: messages are plain text. An advertiser's messages carry the vectors; the
 * widget (advertiser) and the inbox (operator, with the vector-named customer) show them as text, and
 * none runs.
 */
describe('chat messages', () => {
  it('are shown as text in the widget and in the operator inbox, and none runs', async () => {
    const api = apiClient(stack.url);
    await stack.createUser({ email: 'xssdev', password: 'secret12', fullName: '개발자', role: 'developer' });
    const dev = await api.login('xssdev', 'secret12');
    expect(
      (await api.call('PUT', '/api/system-settings/key/chatEnabled', { token: dev.token, body: { value: true } }))
        .status,
    ).toBe(200);
    const adv = await api.login('xssadv', 'secret12');
    for (const vector of vectors) {
      const sent = await api.call('POST', '/api/chat/messages', { token: adv.token, body: { content: vector } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }

    const dialogs: string[] = [];
    const page = await browser.freshPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await submitLogin(page, stack.url, 'xssadv', 'secret12');
    await page.waitForURL((url) => url.pathname === '/slots');
    await page.getByRole('button', { name: '1:1 문의하기' }).click();
    const widget = page.getByRole('dialog', { name: '고객 지원' });
    await widget.getByText(vectors[0], { exact: true }).waitFor();
    await expect.poll(() => widget.innerText()).toContain(vectors[9]);
    await expectNothingRan(page);

    const staff = await browser.freshPage();
    staff.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await submitLogin(staff, stack.url, 'xssop', 'secret12');
    await staff.waitForURL((url) => url.pathname === '/admin');
    await staff.goto(`${stack.url}/admin/chat`);
    // The room is named after the customer, whose name is itself a vector.
    await staff.getByTestId('chat-room').first().click();
    const conversation = staff.getByRole('region', { name: /대화$/ });
    await conversation.getByText(vectors[0], { exact: true }).waitFor();
    await expect.poll(() => conversation.innerText()).toContain(vectors[9]);
    await expectNothingRan(staff);
    expect(dialogs).toEqual([]);
  });
});
