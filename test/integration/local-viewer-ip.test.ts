import { afterAll, beforeAll, expect, it } from 'vitest';
import { VIEWER_IP_HEADER } from '../../shared/api';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { apiClient } from '../support/http';

/**
 * `npm start` has no CloudFront in front, so a viewer-IP header sent by a client is not believed:
 * rotating it neither escapes login throttling nor lands a forged address in the audit logs.
 */
let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  process.env.LOCAL_TRUST_VIEWER_IP = '0'; // as under npm start
});
afterAll(async () => {
  process.env.LOCAL_TRUST_VIEWER_IP = '1';
  await stack?.stop();
});

it('ignores a client-sent viewer-IP header: the socket address is throttled, the forged one is never stored', async () => {
  const api = apiClient(stack.url);
  await stack.createUser({ email: 'ipvictim', password: 'rightpass', fullName: '피해자' });
  const statuses: number[] = [];
  for (let i = 0; i < 7; i++) {
    const res = await api.call('POST', '/api/auth/login', {
      body: { email: 'ipvictim', password: `wrong${i}` },
      headers: { [VIEWER_IP_HEADER]: `203.0.113.${i}` },
    });
    statuses.push(res.status);
  }
  // Five failures of one id from one (real) address, then the wait: rotation bought nothing.
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses.slice(5)).toEqual([429, 429]);

  await stack.createUser({ email: 'iplogger', password: 'rightpass', fullName: '기록' });
  const { token } = await api.login('iplogger', 'rightpass');
  const { fund, row } = await import('../support/slots');
  const me = await api.call('GET', '/api/auth/me', { token });
  await fund(me.body.data.id, 100_000);
  const slot = await api.call('POST', '/api/slots', {
    token,
    body: row(1),
    headers: { [VIEWER_IP_HEADER]: '198.51.100.99' },
  });
  const edit = await api.call('PUT', `/api/slots/${slot.body.data.id}/update-fields`, {
    token,
    body: { customFields: { keywords: '바뀐 키워드' } },
    headers: { [VIEWER_IP_HEADER]: '198.51.100.99' },
  });
  expect(edit.status).toBe(200);
  const { slotLogsStore } = await import('../../functions/storage/slot-logs');
  const logs = await slotLogsStore.list(slot.body.data.id);
  expect(logs.length).toBeGreaterThan(0);
  expect(logs.every((l) => l.ip_address !== '198.51.100.99')).toBe(true);
});
