import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { apiClient } from '../support/http';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';

/**
 * User management in the browser: an operator adds a user on /admin/users, the user signs in in another
 * browser, the operator deactivates them, and the user's next write is refused and lands on /login;
 * a developer switches to a user from the users page and back.
 */
const operator = { email: 'usersop', password: 'oppass123', fullName: '한운영', role: 'operator' as const };
const member = { email: 'newmember7', password: 'member123', fullName: '새회원' };

let stack: LocalStack;
let staffBrowser: BrowserSession;
let memberBrowser: BrowserSession;

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  await stack.createUser(operator);
  staffBrowser = await launchBrowser();
  memberBrowser = await launchBrowser();
});

afterAll(async () => {
  await staffBrowser?.close();
  await memberBrowser?.close();
  await stack?.stop();
});

const rowOf = (page: Page, loginId: string) =>
  page.locator('tr', { has: page.getByRole('cell', { name: loginId, exact: true }) });

async function openUsers(page: Page, email: string, password: string) {
  await submitLogin(page, stack.url, email, password);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.goto(`${stack.url}/admin/users`);
  await page.getByRole('heading', { name: '사용자 관리' }).waitFor();
}

describe('/admin/users', () => {
  it('adds a user, who is cut off at their next write once deactivated', async () => {
    const op = await staffBrowser.freshPage();
    await openUsers(op, operator.email, operator.password);

    await op.getByRole('button', { name: '사용자 추가' }).click();
    const add = op.getByRole('dialog', { name: '사용자 추가' });
    await add.getByRole('button', { name: '추가' }).click();
    await add.getByText('필수 항목을 모두 입력해주세요.').first().waitFor();
    await add.getByLabel('아이디').fill(member.email);
    await add.getByLabel('비밀번호').fill(member.password);
    await add.getByLabel('이름').fill(member.fullName);
    await add.getByRole('button', { name: '추가' }).click();
    await add.waitFor({ state: 'detached' });
    const row = rowOf(op, member.email);
    await row.getByText('일반 사용자').waitFor();
    await row.getByText('활성', { exact: true }).waitFor();
    await op.getByText('1 / 1').waitFor();

    // The new user signs in in another browser.
    const user = await memberBrowser.freshPage();
    await submitLogin(user, stack.url, member.email, member.password);
    await user.waitForURL((url) => url.pathname === '/slots');
    await user.goto(`${stack.url}/profile`);
    await user.getByLabel('이름').waitFor();

    // The operator deactivates them.
    await row.getByRole('button', { name: '수정' }).click();
    const edit = op.getByRole('dialog', { name: '사용자 수정' });
    await edit.getByLabel('활성 계정').uncheck();
    await edit.getByRole('button', { name: '저장' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('비활성').waitFor();

    // Their access token has not expired, but the next write is refused and they land on /login.
    await user.getByLabel('이름').fill('바뀐이름');
    await user.getByRole('button', { name: '저장' }).first().click();
    await user.waitForURL((url) => url.pathname === '/login');
    await user.getByText('인증이 만료되었습니다. 다시 로그인해주세요.').waitFor();
    const api = apiClient(stack.url);
    const login = await api.call('POST', '/api/auth/login', {
      body: { email: member.email, password: member.password },
    });
    expect(login.status).toBe(401);
    const opToken = (await api.login(operator.email, operator.password)).token;
    const found = await api.call('GET', `/api/users?search=${member.email}`, { token: opToken });
    expect(found.body.data.users[0]).toMatchObject({ fullName: '새회원', isActive: false });
  });

  it('lets a developer switch to a user from the list and back', async () => {
    const target = { email: 'switchee1', password: 'switch123', fullName: '전환회원' };
    await stack.createUser(target);
    const dev = await staffBrowser.freshPage();
    await openUsers(dev, localStackDefaults.developerId, localStackDefaults.developerPassword);
    await dev.getByLabel('사용자 검색').fill(target.email);
    const row = rowOf(dev, target.email);
    await row.getByRole('button', { name: '사용자 전환' }).click();
    await dev.getByRole('dialog', { name: '사용자 전환' }).getByRole('button', { name: '전환' }).click();
    await dev.waitForURL((url) => url.pathname === '/slots');
    const banner = dev.getByRole('region', { name: '사용자 전환 상태' });
    await banner.getByText('전환회원').waitFor();

    await banner.getByRole('button', { name: '원래 계정으로 돌아가기' }).click();
    await dev.getByRole('dialog', { name: '원래 계정으로 돌아가기' }).getByRole('button', { name: '돌아가기' }).click();
    await dev.waitForURL((url) => url.pathname === '/admin');
    await banner.waitFor({ state: 'detached' });
    // An operator sees no switch action.
    const op = await staffBrowser.freshPage();
    await openUsers(op, operator.email, operator.password);
    await rowOf(op, target.email).getByRole('button', { name: '수정' }).waitFor();
    expect(await rowOf(op, target.email).getByRole('button', { name: '사용자 전환' }).count()).toBe(0);
  });
});
