import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { apiClient } from '../support/http';
import { openSocket } from '../support/sockets';
import { localStackDefaults, startLocalStack, type LocalStack } from '../support/local-stack';
import { VIEWER_IP_HEADER } from '../../shared/api';
import { secondFactorMessages as m } from '../../shared/messages/second-factor';

/**
 * The staff second factor on the real local stack. Codes are computed from the secret the enrolment
 * handed out (as an authenticator app does), never through a switch that skips the check.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
const dev = localStackDefaults;

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The code an app shows `ahead` steps from now: the server accepts one step either side, each once. */
const codeOf = (secret: string, ahead = 0) => generate({ secret, epoch: nowSeconds() + ahead * 30 });

/** A code that is not this one (a clash with a neighbouring step's code is one in a million). */
const notThe = (code: string) => (code === '000000' ? '000001' : '000000');

const from = (address: string) => ({ [VIEWER_IP_HEADER]: address });

async function passwordStep(email: string, password: string, address: string) {
  const res = await api.call('POST', '/api/auth/login', { body: { email, password }, headers: from(address) });
  expect(res.status).toBe(200);
  return res;
}

/** Enrols the signed-in account: answers its secret and recovery codes. */
async function enrol(token: string, address: string) {
  const started = await api.call('POST', '/api/auth/second-factor/enrolment', { token, headers: from(address) });
  expect(started.status).toBe(200);
  const secret: string = started.body.data.secret;
  const confirmed = await api.call('POST', '/api/auth/second-factor/enrolment/confirm', {
    token,
    headers: from(address),
    body: { code: await codeOf(secret) },
  });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.data.recoveryCodes as string[] };
}

/** The code step of a sign-in: answers the raw result. */
const codeStep = (challenge: string, body: { code?: string; recoveryCode?: string }, address: string) =>
  api.call('POST', '/api/auth/login/second-factor', { body: { challenge, ...body }, headers: from(address) });

/** The session id (`sid`) an access token carries. */
const sessionOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;

let devToken: string;
let devSecret: string;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  await stack.createUser({ email: 'advertiser1', password: 'secret12', fullName: '김광고' });
  devToken = (await api.login(dev.developerId, dev.developerPassword)).token;
});
afterAll(() => stack?.stop());

describe('the staff second factor', () => {
  it('staffSecondFactorRequired on: a staff member without a second factor can do nothing but enrol', async () => {
    // Local mode starts with the factor off, so npm start needs a password only.
    const before = await api.call('GET', '/api/system-settings/key/staffSecondFactorRequired');
    expect(before.body.data.value).toBe(false);
    const on = await api.call('PUT', '/api/system-settings/key/staffSecondFactorRequired', {
      token: devToken,
      body: { value: true },
    });
    expect(on.status).toBe(200);

    // The developer, like anyone, is now enrol-only: refused everywhere with the code the SPA reads.
    const refused = await api.call('GET', '/api/users', { token: devToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: m.enrolmentRequired, code: 'SECOND_FACTOR_ENROLMENT' });
    const write = await api.call('PUT', '/api/system-settings/key/siteName', {
      token: devToken,
      body: { value: '다른 이름' },
    });
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('SECOND_FACTOR_ENROLMENT');
    expect((await api.call('GET', '/api/auth/me', { token: devToken })).status).toBe(200);
    const status = await api.call('GET', '/api/auth/second-factor', { token: devToken });
    expect(status.body.data).toMatchObject({ enrolled: false, required: true });

    // A fresh sign-in says so up front.
    const signIn = await passwordStep(dev.developerId, dev.developerPassword, '198.51.100.1');
    expect(signIn.body.data.enrolmentRequired).toBe(true);
    devToken = signIn.body.data.tokens.accessToken;
    // Nor does the socket admit it: staff sockets hear every customer's chat.
    await expect(openSocket(stack.url, devToken)).rejects.toThrow('HTTP 403');

    // A wrong first code does not count the factor; the right one does, with ten recovery codes.
    const started = await api.call('POST', '/api/auth/second-factor/enrolment', { token: devToken });
    expect(started.body.data.otpauthUri).toContain(`secret=${started.body.data.secret}`);
    const wrong = await api.call('POST', '/api/auth/second-factor/enrolment/confirm', {
      token: devToken,
      body: { code: notThe(await codeOf(started.body.data.secret)) },
    });
    expect(wrong.status).toBe(400);
    expect((await api.call('GET', '/api/users', { token: devToken })).status).toBe(403);
    devSecret = started.body.data.secret;
    const confirmed = await api.call('POST', '/api/auth/second-factor/enrolment/confirm', {
      token: devToken,
      body: { code: await codeOf(devSecret) },
    });
    expect(confirmed.status).toBe(200);
    expect(new Set(confirmed.body.data.recoveryCodes).size).toBe(10);
    expect((await api.call('GET', '/api/users', { token: devToken })).status).toBe(200);
    const socket = await openSocket(stack.url, devToken);
    socket.ws.close();
    // The secret is never answered again.
    const after = await api.call('GET', '/api/auth/second-factor', { token: devToken });
    expect(after.body.data).toEqual({
      enrolled: true,
      required: true,
      enrolledAt: expect.any(String),
      recoveryCodesLeft: 10,
    });
    expect(JSON.stringify(after.body)).not.toContain(devSecret);

    // Advertisers are not asked: the factor is optional for them.
    const advertiser = await passwordStep('advertiser1', 'secret12', '198.51.100.1');
    expect(advertiser.body.data.tokens.accessToken).toBeTruthy();
    expect(advertiser.body.data.enrolmentRequired).toBe(false);
  });

  it('signing in takes a code after the password, the same code is refused the second time, and removing the factor takes a recovery code', async () => {
    await stack.createUser({ email: 'operator1', password: 'oper1234', fullName: '박운영', role: 'operator' });
    const first = await passwordStep('operator1', 'oper1234', '198.51.100.2');
    const { secret, recoveryCodes } = await enrol(first.body.data.tokens.accessToken, '198.51.100.2');

    const challenged = await passwordStep('operator1', 'oper1234', '198.51.100.2');
    expect(challenged.body.data).toEqual({ secondFactorRequired: true, challenge: expect.any(String), expiresIn: 300 });
    expect(challenged.setCookies).toEqual([]);
    // The enrolment spent this step's code: the app's next one signs in.
    const code = await codeOf(secret, 1);
    const signedIn = await codeStep(challenged.body.data.challenge, { code }, '198.51.100.2');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.email).toBe('operator1');
    expect(signedIn.body.data.enrolmentRequired).toBe(false);

    // Replayed at once, with a fresh password step: the step is spent.
    const again = await passwordStep('operator1', 'oper1234', '198.51.100.2');
    const replay = await codeStep(again.body.data.challenge, { code }, '198.51.100.2');
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe(m.codeReused);
    expect(replay.body.data).toBeUndefined();
    // The challenge of a finished sign-in cannot start a second session.
    const reusedChallenge = await codeStep(
      challenged.body.data.challenge,
      { code: await codeOf(secret, -1) },
      '198.51.100.2',
    );
    expect(reusedChallenge.status).toBe(401);

    // Removing one's own factor takes a recovery code; after it the operator must enrol again.
    const token = signedIn.body.data.tokens.accessToken;
    const noCode = await api.call('POST', '/api/auth/second-factor/reset', {
      token,
      body: { recoveryCode: 'zzzzz-zzzzz' },
      headers: from('198.51.100.2'),
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error).toBe(m.recoveryCodeWrong);
    const removed = await api.call('POST', '/api/auth/second-factor/reset', {
      token,
      body: { recoveryCode: recoveryCodes[3].toUpperCase() },
      headers: from('198.51.100.2'),
    });
    expect(removed.status).toBe(200);
    expect((await api.call('GET', '/api/users', { token })).body.code).toBe('SECOND_FACTOR_ENROLMENT');
  });

  it('wrong codes lock the code step on their own counters; the password step is not locked by them', async () => {
    await stack.createUser({ email: 'operator2', password: 'oper1234', fullName: '최운영', role: 'operator' });
    const first = await passwordStep('operator2', 'oper1234', '198.51.100.3');
    const { secret } = await enrol(first.body.data.tokens.accessToken, '198.51.100.3');
    const { challenge } = (await passwordStep('operator2', 'oper1234', '198.51.100.3')).body.data;
    const right = await codeOf(secret, 1);
    const wrongCode = notThe(right);
    for (let i = 0; i < 5; i += 1) {
      const res = await codeStep(challenge, { code: wrongCode }, '198.51.100.3');
      expect(res.status).toBe(401);
      expect(res.body.error).toBe(m.codeWrong);
    }
    // Locked: even the right code waits, with the code step's own Korean text.
    const locked = await codeStep(challenge, { code: right }, '198.51.100.3');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('THROTTLED');
    expect(locked.body.error).toMatch(/^인증 코드 입력이 너무 많이 틀렸습니다\. \d+초 후에 다시 시도해주세요\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(25);
    // Recovery codes go through the same lock.
    const recovery = await codeStep(challenge, { recoveryCode: 'aaaaa-aaaaa' }, '198.51.100.3');
    expect(recovery.status).toBe(429);
    // The password counters are separate: the password step still answers (a new challenge).
    const password = await passwordStep('operator2', 'oper1234', '198.51.100.3');
    expect(password.body.data.secondFactorRequired).toBe(true);
    // From another address the owner signs in at once.
    const elsewhere = await codeStep(password.body.data.challenge, { code: right }, '203.0.113.3');
    expect(elsewhere.status).toBe(200);
  });

  it('switch-user and security settings ask for a fresh code once the last one is 15 minutes old', async () => {
    const { sessionsStore } = await import('../../functions/storage/sessions');
    const operator = await stack.createUser({
      email: 'operator3',
      password: 'oper1234',
      fullName: '정운영',
      role: 'operator',
    });
    // The developer's session proved its code at enrolment; 16 minutes pass.
    await sessionsStore.markSecondFactor(sessionOf(devToken), new Date(Date.now() - 16 * 60_000).toISOString());
    const switched = await api.call('POST', '/api/auth/switch-user', {
      token: devToken,
      body: { targetUserId: operator.id },
    });
    expect(switched.status).toBe(403);
    expect(switched.body).toEqual({ success: false, error: m.stepUpRequired, code: 'STEP_UP_REQUIRED' });
    const off = await api.call('PUT', '/api/system-settings/key/staffSecondFactorRequired', {
      token: devToken,
      body: { value: false },
    });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('STEP_UP_REQUIRED');
    expect((await api.call('GET', '/api/system-settings/key/staffSecondFactorRequired')).body.data.value).toBe(true);

    const wrong = await api.call('POST', '/api/auth/second-factor/step-up', {
      token: devToken,
      body: { code: notThe(await codeOf(devSecret, 1)) },
    });
    expect(wrong.status).toBe(400);
    const stepped = await api.call('POST', '/api/auth/second-factor/step-up', {
      token: devToken,
      body: { code: await codeOf(devSecret, 1) },
    });
    expect(stepped.status).toBe(200);
    // With the fresh code the developer may switch it off, and the history says who and when.
    const offNow = await api.call('PUT', '/api/system-settings', {
      token: devToken,
      body: { settings: [{ key: 'staffSecondFactorRequired', value: false }] },
    });
    expect(offNow.status).toBe(200);
    // Operators never change a security setting (the factor off, operator3 signs in with a password).
    const operatorToken = (await passwordStep('operator3', 'oper1234', '198.51.100.5')).body.data.tokens.accessToken;
    const operatorTry = await api.call('PUT', '/api/system-settings/key/staffSecondFactorRequired', {
      token: operatorToken,
      body: { value: true },
    });
    expect(operatorTry.status).toBe(403);
    expect(operatorTry.body.error).toBe(m.securitySettingDeveloperOnly);
    const history = await api.call('GET', '/api/system-settings/history?key=staffSecondFactorRequired', {
      token: devToken,
    });
    expect(history.body.data.items[0]).toMatchObject({
      key: 'staffSecondFactorRequired',
      oldValue: true,
      newValue: false,
    });
    const back = await api.call('PUT', '/api/system-settings/key/staffSecondFactorRequired', {
      token: devToken,
      body: { value: true },
    });
    expect(back.status).toBe(200);
    const switchedNow = await api.call('POST', '/api/auth/switch-user', {
      token: devToken,
      body: { targetUserId: operator.id },
    });
    expect(switchedNow.status).toBe(200);
    // The developer acting as an operator without a factor works as that operator, but cannot enrol for them.
    const acting = switchedNow.body.data.tokens.accessToken;
    expect((await api.call('GET', '/api/users', { token: acting })).status).toBe(200);
    expect((await api.call('POST', '/api/auth/second-factor/enrolment', { token: acting })).status).toBe(403);
    const backHome = await api.call('POST', '/api/auth/switch-back', { token: acting });
    expect(backHome.status).toBe(200);
    devToken = backHome.body.data.tokens.accessToken;
  });

  it('a developer resets an operator’s factor: logged, the operator is told, signed out and enrols again', async () => {
    const operator = await stack.createUser({
      email: 'operator4',
      password: 'oper1234',
      fullName: '한운영',
      role: 'operator',
    });
    const first = await passwordStep('operator4', 'oper1234', '198.51.100.4');
    const operatorToken = first.body.data.tokens.accessToken;
    await enrol(operatorToken, '198.51.100.4');

    // Only a developer, and never on their own account.
    const byOperator = await api.call('POST', `/api/users/${operator.id}/second-factor/reset`, {
      token: operatorToken,
    });
    expect(byOperator.status).toBe(403);
    const devId = (await api.call('GET', '/api/auth/me', { token: devToken })).body.data.id;
    const self = await api.call('POST', `/api/users/${devId}/second-factor/reset`, { token: devToken });
    expect(self.status).toBe(403);
    expect(self.body.error).toBe(m.resetSelf);

    const reset = await api.call('POST', `/api/users/${operator.id}/second-factor/reset`, { token: devToken });
    expect(reset.status).toBe(200);
    const logs = await api.call('GET', `/api/users/${operator.id}/logs`, { token: devToken });
    expect(logs.body.data).toContainEqual(
      expect.objectContaining({
        description: m.resetLog,
        actorName: expect.any(String),
        actorId: expect.any(String),
        createdAt: expect.any(String),
      }),
    );
    // The operator's sessions ended; signing in asks them to enrol again, and the notice waits.
    const refreshed = await api.call('POST', '/api/auth/refresh', {
      body: { refreshToken: first.body.data.tokens.refreshToken },
    });
    expect(refreshed.status).toBe(401);
    const again = await passwordStep('operator4', 'oper1234', '198.51.100.4');
    expect(again.body.data.enrolmentRequired).toBe(true);
    const enrolOnlyRead = await api.call('GET', '/api/notifications', { token: again.body.data.tokens.accessToken });
    expect(enrolOnlyRead.status).toBe(403);
    await enrol(again.body.data.tokens.accessToken, '198.51.100.4');
    const signedIn = await passwordStep('operator4', 'oper1234', '198.51.100.4');
    expect(signedIn.body.data.secondFactorRequired).toBe(true);
    const notices = await api.call('GET', '/api/notifications', { token: again.body.data.tokens.accessToken });
    expect(notices.body.data.items).toContainEqual(
      expect.objectContaining({ title: m.resetNoticeTitle, message: expect.stringContaining('2단계 인증을 초기화') }),
    );

    // A second reset of nothing: 404, nothing logged twice.
    await api.call('POST', `/api/users/${operator.id}/second-factor/reset`, { token: devToken });
    const twice = await api.call('POST', `/api/users/${operator.id}/second-factor/reset`, { token: devToken });
    expect(twice.status).toBe(404);
  });
});
