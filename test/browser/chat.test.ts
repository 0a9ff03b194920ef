import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureWebBuild,
  screenshotsOf,
  launchBrowser,
  PUSH_SHOWN_TIMEOUT_MS,
  submitLogin,
  type BrowserSession,
} from '../support/browser';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { fund, row } from '../support/slots';

/**
 * Support chat: in two Chromium windows an advertiser asks a question, the operator sees it in
 * /admin/chat live (from the push; `npm run bench live-push` times it) with the customer context, answers (with a canned reply), and the
 * advertiser sees the answer and the read mark, with no chat polling while the socket is up.
 */
const shot = screenshotsOf('chat-');
const advertiser = { email: 'chatadv', password: 'advpass1', fullName: '채팅광고주' };
const operator = { email: 'chatop', password: 'oppass12', fullName: '채팅운영자', role: 'operator' as const };
const question = '슬롯 순위가 어제부터 보이지 않습니다. 확인 부탁드립니다.';

let stack: LocalStack;
let advertiserBrowser: BrowserSession;
let operatorBrowser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  const api = apiClient(stack.url);
  const adv = await stack.createUser(advertiser);
  await stack.createUser(operator);
  await fund(adv.id, 300_000);
  const { token } = await api.login(advertiser.email, advertiser.password);
  expect((await api.call('POST', '/api/slots/bulk', { token, body: { rows: [row(1), row(2)] } })).status).toBeLessThan(
    300,
  );
  // The developer switches the chat on through the settings API.
  const dev = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
  expect(
    (await api.call('PUT', '/api/system-settings/key/chatEnabled', { token: dev.token, body: { value: true } })).status,
  ).toBe(200);
  // Two browsers: two profiles, two sessions side by side.
  advertiserBrowser = await launchBrowser();
  operatorBrowser = await launchBrowser();
});

afterAll(async () => {
  await advertiserBrowser?.close();
  await operatorBrowser?.close();
  await stack?.stop();
});

/** Records the page's chat API calls ("GET /api/chat/rooms?…"). */
function watchChat(page: Page) {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/chat')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

async function signIn(page: Page, email: string, password: string) {
  await submitLogin(page, stack.url, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function socketsOpen(count: number) {
  const deadline = Date.now() + 10_000;
  while (stack.websocketConnections() < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} open sockets, have ${stack.websocketConnections()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const polls = (calls: string[]) => calls.filter((c) => c.startsWith('GET'));

describe('1:1 support chat across two windows', () => {
  it(
    'question → operator inbox live with context → canned answer → advertiser sees it and the read marks, no polling',
    { timeout: 90_000 },
    async () => {
      const adv = await advertiserBrowser.freshPage();
      const advCalls = watchChat(adv);
      await signIn(adv, advertiser.email, advertiser.password);
      const chatButton = adv.getByRole('button', { name: '1:1 문의하기' });
      await chatButton.waitFor();

      const op = await operatorBrowser.freshPage();
      const opCalls = watchChat(op);
      await signIn(op, operator.email, operator.password);
      await op.goto(`${stack.url}/admin/chat`);
      await op.getByRole('heading', { name: '고객 문의 관리' }).waitFor();
      await op.getByText('문의가 없습니다.').waitFor();
      await socketsOpen(2);

      // The advertiser opens the widget and asks (Enter sends).
      await chatButton.click();
      const dialog = adv.getByRole('dialog', { name: '고객 지원' });
      await dialog.getByText('평균 응답시간: 5분').waitFor();
      await dialog.getByText('안녕하세요! 👋').waitFor();
      const box = dialog.getByRole('textbox', { name: '메시지 입력' });
      await box.fill(question);
      await dialog.getByTestId('chat-counter').waitFor();
      const opReadsBeforeQuestion = polls(opCalls).length;
      await box.press('Enter');

      // The operator's inbox shows it live, from the push alone: the inbox reads nothing meanwhile.
      const roomRow = op.getByTestId('chat-room').filter({ hasText: advertiser.fullName });
      await roomRow.waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });
      expect(polls(opCalls).slice(opReadsBeforeQuestion).join('\n')).toBe('');
      await expect(roomRow.textContent()).resolves.toContain(`${[...question].slice(0, 30).join('')}...`);
      await shot(adv, 'advertiser-asked');

      // Opening the room: the question, and the customer beside it.
      await roomRow.click();
      const conversation = op.getByRole('region', { name: `${advertiser.fullName} 대화` });
      await conversation.getByText(question).waitFor();
      const context = op.getByRole('region', { name: '고객 정보' });
      await context.getByTestId('context-balance').waitFor();
      expect(await context.getByTestId('context-balance').textContent()).toMatch(/원$/);
      expect(await context.textContent()).toContain(advertiser.email);
      await context.getByTestId('context-slot-counts').waitFor();

      // The advertiser's question turns read (blue ✓✓) once the operator has it open.
      const ownQuestion = dialog.getByTestId('chat-message').filter({ hasText: question });
      await ownQuestion.getByLabel('읽음').waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });

      // The operator answers with a canned reply plus a line of their own.
      await op.getByRole('button', { name: '확인 중' }).click();
      const opBox = conversation.getByRole('textbox', { name: '메시지 입력' });
      expect(await opBox.inputValue()).toBe('확인 후 바로 안내드리겠습니다. 잠시만 기다려주세요.');
      await opBox.press('End');
      await opBox.pressSequentially(' 순위는 오늘 오후에 다시 수집됩니다.');
      const advReadsBeforeAnswer = polls(advCalls).length;
      await opBox.press('Enter');
      const answer = '확인 후 바로 안내드리겠습니다. 잠시만 기다려주세요. 순위는 오늘 오후에 다시 수집됩니다.';

      // The advertiser sees the answer with the operator badge; the operator sees it read.
      const reply = dialog.getByTestId('chat-message').filter({ hasText: answer });
      await reply.waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });
      expect(polls(advCalls).slice(advReadsBeforeAnswer).join('\n')).toBe('');
      await reply.getByText('운영자', { exact: true }).waitFor();
      await conversation
        .getByTestId('chat-message')
        .filter({ hasText: answer })
        .getByLabel('읽음')
        .waitFor({ timeout: PUSH_SHOWN_TIMEOUT_MS });
      await shot(adv, 'advertiser-answered');
      await shot(op, 'operator-inbox');

      // Realtime, not polling: nothing is fetched again while both sockets stay up.
      const advBefore = polls(advCalls).length;
      const opBefore = polls(opCalls).length;
      await adv.waitForTimeout(6500);
      expect(polls(advCalls).slice(advBefore).join('\n')).toBe('');
      expect(polls(opCalls).slice(opBefore).join('\n')).toBe('');
      expect([...advCalls, ...opCalls].filter((c) => c.includes('after=')).join('\n')).toBe('');

      // A narrow window swaps the list and the conversation, with a way back.
      await op.setViewportSize({ width: 700, height: 900 });
      await conversation.getByText(question).waitFor();
      expect(await op.getByRole('heading', { name: '고객 문의 관리' }).isVisible()).toBe(false);
      await op.waitForTimeout(400); // the layout's drawer slides away on resize
      await shot(op, 'operator-narrow');
      await conversation.getByRole('button', { name: '목록으로' }).click();
      await op.getByRole('heading', { name: '고객 문의 관리' }).waitFor();
      await roomRow.waitFor();

      // Closed and reopened, the advertiser's badge stays clear (the room was marked read).
      await adv.keyboard.press('Escape');
      await adv.getByRole('button', { name: '1:1 문의하기' }).waitFor();
      expect(await adv.getByTestId('chat-unread-dot').count()).toBe(0);
    },
  );
});
