import type { Page } from 'playwright-core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http';
import { ensureWebBuild, launchBrowser, submitLogin, type BrowserSession } from '../support/browser';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';

/**
 * The staff second factor in a real browser: enrolment from the QR code's address (the text the page
 * shows for typing it in by hand), sign-in with a code and with a recovery code, a developer's reset.
 * Codes are computed from the enrolled secret with otplib, as an authenticator app does.
 */
const operator = { email: 'operator1', password: 'oper1234', fullName: '박운영', role: 'operator' as const };

let stack: LocalStack;
let browser: BrowserSession;
let devSecret: string;
let devRecoveryCodes: string[];

/** The code an app shows `ahead` steps from now (each step's code is accepted once). */
const codeOf = (secret: string, ahead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });
const notThe = (code: string) => (code === '000000' ? '000001' : '000000');

beforeAll(async () => {
  ensureWebBuild();
  stack = await startLocalStack();
  await stack.createUser(operator);
  browser = await launchBrowser();
  // The developer switches the factor on (as in a deployed stage) and enrols through the API.
  const api = apiClient(stack.url);
  const { token } = await api.login(localStackDefaults.developerId, localStackDefaults.developerPassword);
  const on = await api.call('PUT', '/api/system-settings/key/staffSecondFactorRequired', {
    token,
    body: { value: true },
  });
  expect(on.status).toBe(200);
  devSecret = (await api.call('POST', '/api/auth/second-factor/enrolment', { token })).body.data.secret;
  const confirmed = await api.call('POST', '/api/auth/second-factor/enrolment/confirm', {
    token,
    body: { code: await codeOf(devSecret) },
  });
  expect(confirmed.status).toBe(200);
  devRecoveryCodes = confirmed.body.data.recoveryCodes;
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const signIn = (page: Page, email: string, password: string) => submitLogin(page, stack.url, email, password);

/** The code step after the password: a code from the app, or a recovery code. */
async function enterCode(page: Page, value: string, kind: 'code' | 'recovery' = 'code') {
  if (kind === 'recovery') await page.getByRole('button', { name: '복구 코드로 로그인' }).click();
  await page.getByLabel(kind === 'recovery' ? '복구 코드' : '인증 코드').fill(value);
  await page.getByRole('button', { name: '확인', exact: true }).click();
}

describe('staff second factor', () => {
  let recoveryCodes: string[] = [];
  let secret = '';

  it('a new operator enrols at the first sign-in, then signs in with a code or a recovery code once, not a wrong one', async () => {
    const page = await browser.freshPage();
    await signIn(page, operator.email, operator.password);
    // Nothing but the enrolment until it is done.
    await page.getByRole('heading', { name: '2단계 인증 등록' }).waitFor();
    await page.getByRole('button', { name: '인증 앱 등록 시작' }).click();
    await page.getByRole('img', { name: '인증 앱 등록 QR 코드' }).waitFor();
    await page.getByText('QR 코드를 찍을 수 없으면 직접 입력하세요').click();
    const uri = await page.getByTestId('otpauth-uri').textContent();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    secret = new URL(uri!).searchParams.get('secret')!;
    await page.getByLabel('인증 코드').fill(await codeOf(secret));
    await page.getByRole('button', { name: '코드 확인' }).click();
    const codes = page.getByRole('list', { name: '복구 코드' }).getByRole('listitem');
    await codes.first().waitFor();
    recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
    expect(new Set(recoveryCodes).size).toBe(10);
    await page.getByRole('button', { name: '복구 코드를 저장했습니다' }).click();
    await page.getByRole('heading', { name: '관리자 대시보드' }).waitFor();

    // A new sign-in asks for the app's code after the password.
    const withCode = await browser.freshPage();
    await signIn(withCode, operator.email, operator.password);
    await enterCode(withCode, await codeOf(secret, 1));
    await withCode.getByRole('heading', { name: '관리자 대시보드' }).waitFor();

    // A recovery code signs in once …
    const withRecovery = await browser.freshPage();
    await signIn(withRecovery, operator.email, operator.password);
    await enterCode(withRecovery, recoveryCodes[0], 'recovery');
    await withRecovery.getByRole('heading', { name: '관리자 대시보드' }).waitFor();

    // … and never again; a wrong app code is refused too.
    const refused = await browser.freshPage();
    await signIn(refused, operator.email, operator.password);
    await enterCode(refused, recoveryCodes[0], 'recovery');
    await refused.getByRole('alert').filter({ hasText: '복구 코드가 올바르지 않거나 이미 사용되었습니다.' }).waitFor();
    await refused.getByRole('button', { name: '인증 앱 코드로 로그인' }).click();
    await enterCode(refused, notThe(await codeOf(secret, 1)));
    await refused.getByRole('alert').filter({ hasText: '인증 코드가 올바르지 않습니다.' }).waitFor();
    expect(new URL(refused.url()).pathname).toBe('/login');
  });

  it('a developer resets the operator’s second factor on the users page; the operator enrols again; switching asks for a fresh code', async () => {
    const page = await browser.freshPage();
    await signIn(page, localStackDefaults.developerId, localStackDefaults.developerPassword);
    const signedIn = page.waitForResponse('**/api/auth/login/second-factor');
    await enterCode(page, devRecoveryCodes[0], 'recovery');
    const { accessToken } = (await (await signedIn).json()).data.tokens;
    await page.getByRole('heading', { name: '관리자 대시보드' }).waitFor();
    await page.goto(`${stack.url}/admin/users`);
    const row = page.getByRole('row').filter({ hasText: operator.email });
    await row.getByRole('button', { name: '2단계 인증 초기화' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '초기화', exact: true }).click();
    await page.getByText(`${operator.fullName} 님의 2단계 인증을 초기화했습니다.`).waitFor();

    // Sixteen minutes later (the session's proof is backdated in the store), switching user asks for a code.
    const { sessionsStore } = await import('../../functions/storage/sessions');
    const sid = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid as string;
    await sessionsStore.markSecondFactor(sid, new Date(Date.now() - 16 * 60_000).toISOString());
    await row.getByRole('button', { name: '사용자 전환' }).click();
    await page.getByRole('dialog', { name: '사용자 전환' }).getByRole('button', { name: '전환' }).click();
    const prompt = page.getByRole('dialog', { name: '인증 코드 확인' });
    await prompt.getByLabel('인증 코드').fill(await codeOf(devSecret, 1));
    await prompt.getByRole('button', { name: '확인' }).click();
    await page.getByRole('region', { name: '사용자 전환 상태' }).waitFor();

    const again = await browser.freshPage();
    await signIn(again, operator.email, operator.password);
    await again.getByRole('heading', { name: '2단계 인증 등록' }).waitFor();
    await again.getByRole('button', { name: '로그아웃' }).waitFor();
  });
});
