/**
 * `npm run demo-data` (issue 18 item 6): fills a LOCAL product with a first look that is not empty,
 * through the real API only — advertisers, an operator, charges (approved with a bonus, rejected,
 * pending) and their ledger, slots in every status (승인대기, 진행대기, 진행중, 일시정지, 완료, 거절,
 * 환불, 삭제, 입력대기, 만료), a pre-allocation issuance, then the daily jobs. Features that exist later
 * (rank history from the demo worker, announcements, notifications, chat) add their part here.
 *
 * Refuses anything but a local product: the base URL must be loopback AND answer the local-only
 * `POST /_local/jobs/{name}` (absent from every cloud stage). Run it against `npm start`.
 *   npm run demo-data [-- --url http://localhost:3000]
 * Accounts (password `demo1234` for all): demoadv1…demoadv4 (advertisers), demoop (operator).
 */
import { addKstDays, kstToday } from '../shared/kst';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const baseUrl = (arg('url') ?? process.env.DEMO_BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const developer = { id: process.env.BOOTSTRAP_DEVELOPER_ID ?? 'developer', password: process.env.BOOTSTRAP_DEVELOPER_PASSWORD ?? 'developer123!' };
const PASSWORD = 'demo1234';
const today = kstToday();

class DemoError extends Error {}

async function call<T = any>(method: string, path: string, opts: { token?: string; body?: unknown; key?: boolean } = {}): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.key ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { success?: boolean; data?: T; error?: string };
  if (!res.ok) throw new DemoError(`${method} ${path} → ${res.status} ${json.error ?? ''}`);
  return json.data as T;
}

async function signIn(id: string, password: string): Promise<string> {
  const data = await call<{ tokens: { accessToken: string } }>('POST', '/api/auth/login', { body: { email: id, password } });
  return data.tokens.accessToken;
}

async function assertLocal() {
  const host = new URL(baseUrl).hostname;
  if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(host)) throw new DemoError(`로컬 제품에만 데모 데이터를 넣을 수 있습니다 (${baseUrl}).`);
  const probe = await fetch(`${baseUrl}/_local/jobs/slot-status`, { method: 'POST' }).catch(() => undefined);
  if (!probe?.ok) throw new DemoError(`${baseUrl} 는 로컬 모드가 아닙니다 (POST /_local/jobs 가 없음). npm start 로 띄운 제품에만 실행하세요.`);
}

const url = (n: number) => `https://www.coupang.com/vp/products/${7100000 + n}?itemId=${8200000 + n}&vendorItemId=${9300000 + n}`;
const keywords = ['무선 이어폰', '캠핑 의자', '에어프라이어', '텀블러', '게이밍 마우스', '요가 매트', '전기 포트', '블루투스 스피커', '차량용 방향제', '수납 박스', '보조배터리', '실내 슬리퍼'];

async function main() {
  await assertLocal();
  const dev = await signIn(developer.id, developer.password);
  const existing = await call<{ users: unknown[] }>('GET', '/api/users?search=demoadv&limit=10', { token: dev });
  if (existing.users.length) throw new DemoError('이미 데모 데이터가 있습니다 (demoadv 계정). 빈 테이블에서 실행하세요 (.data 를 지우고 npm start).');

  console.log('계정을 만드는 중 …');
  const op = await call<{ id: string }>('POST', '/api/users', { token: dev, body: { email: 'demoop', password: PASSWORD, fullName: '김운영' } });
  await call('PUT', `/api/users/${op.id}`, { token: dev, body: { role: 'operator' } });
  const names = ['이서연', '박도윤', '최하은', '정민준'];
  const advertisers: Array<{ id: string; login: string; token: string }> = [];
  for (const [i, fullName] of names.entries()) {
    const login = `demoadv${i + 1}`;
    const { id } = await call<{ id: string }>('POST', '/api/users', { token: dev, body: { email: login, password: PASSWORD, fullName } });
    advertisers.push({ id, login, token: await signIn(login, PASSWORD) });
  }
  const operator = await signIn('demoop', PASSWORD);

  console.log('충전 요청과 승인 …');
  const depositAt = `${addKstDays(today, -3)}T10:30`;
  for (const [i, a] of advertisers.entries()) {
    const charge = await call<{ id: string }>('POST', '/api/cash/charge-requests', { token: a.token, key: true, body: { amount: 1_000_000 - i * 100_000, depositAt, accountHolder: names[i] } });
    await call('POST', `/api/cash/charge-requests/${charge.id}/approve`, { token: operator, body: { bonusPercentage: i === 0 ? 10 : 0 } });
  }
  const rejected = await call<{ id: string }>('POST', '/api/cash/charge-requests', { token: advertisers[1].token, key: true, body: { amount: 50_000, depositAt, accountHolder: '박도윤' } });
  await call('POST', `/api/cash/charge-requests/${rejected.id}/reject`, { token: operator, body: { reason: '입금 내역이 확인되지 않습니다.' } });
  await call('POST', '/api/cash/charge-requests', { token: advertisers[2].token, key: true, body: { amount: 300_000, depositAt: `${today}T09:00`, accountHolder: '최하은' } });

  console.log('슬롯 등록과 상태 …');
  let n = 0;
  const register = async (a: (typeof advertisers)[number], count: number) => {
    const rows = Array.from({ length: count }, () => {
      n += 1;
      return { customFields: { keywords: keywords[n % keywords.length], landingUrl: url(n), mid: `MID${1000 + n}` } };
    });
    const result = await call<{ slotIds: string[] }>('POST', '/api/slots/bulk', { token: a.token, key: true, body: { rows } });
    return result.slotIds;
  };
  const [s1, s2, s3] = [await register(advertisers[0], 8), await register(advertisers[1], 6), await register(advertisers[2], 4)];
  const approve = (id: string) => call('POST', `/api/slots/${id}/approve`, { token: operator, body: { approved: true } });
  const period = (id: string, start: number, days: number) =>
    call('PUT', `/api/slots/${id}/update-fields`, { token: operator, body: { customFields: {}, startDate: addKstDays(today, start), endDate: addKstDays(today, start + days - 1) } });
  for (const id of [...s1.slice(0, 6), ...s2.slice(0, 4), ...s3.slice(0, 2)]) await approve(id);
  await period(s1[1], 3, 30); // 진행대기: starts in three days
  await period(s1[2], -40, 30); // 완료: ended ten days ago
  await period(s1[3], -27, 30); // 진행중, '만료 예정' soon
  await call('PATCH', `/api/slots/${s1[4]}/status`, { token: advertisers[0].token, body: { status: 'paused' } }); // 일시정지
  await call('PATCH', `/api/slots/${s1[5]}/status`, { token: operator, body: { status: 'refunded', refundReason: '광고주 요청으로 환불' } }); // 환불
  await call('POST', `/api/slots/${s2[4]}/approve`, { token: operator, body: { approved: false, rejectionReason: '상품 URL 이 판매 중지된 상품입니다.' } }); // 거절
  await call('POST', `/api/slots/${s2[5]}/approve`, { token: operator, body: { approved: false, rejectionReason: '키워드가 상품과 맞지 않습니다.' } });
  await call('PATCH', `/api/slots/${s2[5]}/status`, { token: advertisers[1].token, body: { status: 'deleted' } }); // 삭제
  // s1[6], s1[7], s2... stay 승인대기

  console.log('선슬롯 발행 …');
  await call('PUT', '/api/system-settings/key/slotOperationMode', { token: dev, body: { value: 'pre-allocation' } });
  try {
    const issued = await call<{ slotIds: string[] }>('POST', `/api/slots/allocate/${advertisers[3].id}`, {
      token: operator,
      key: true,
      body: { slotCount: 5, startDate: today, endDate: addKstDays(today, 29), workCount: 100, amount: 250_000, description: '12월 선결제분' },
    });
    for (const [i, id] of issued.slotIds.slice(0, 2).entries()) {
      await call('PUT', `/api/slots/${id}/fill`, { token: advertisers[3].token, body: { keyword: keywords[i + 3], url: url(500 + i) } });
    }
    // An issuance whose period ended unfilled: the expiry job marks it 만료.
    await call('POST', `/api/slots/allocate/${advertisers[3].id}`, {
      token: operator,
      key: true,
      body: { slotCount: 1, startDate: addKstDays(today, -10), endDate: addKstDays(today, -2), description: '지난달 미사용분' },
    });
  } finally {
    await call('PUT', '/api/system-settings/key/slotOperationMode', { token: dev, body: { value: 'normal' } });
  }

  console.log('일일 작업 실행 …');
  for (const job of ['slot-status', 'expiry']) await fetch(`${baseUrl}/_local/jobs/${job}`, { method: 'POST' });

  console.log(`\n완료. ${baseUrl} 에서 다음 계정으로 로그인하세요 (비밀번호 ${PASSWORD}):`);
  console.log(`  광고주: ${advertisers.map((a) => a.login).join(', ')}   운영자: demoop   개발자: ${developer.id}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof DemoError ? err.message : err);
  process.exit(1);
});
