/**
 * `npm run demo-data`: fills a LOCAL product with a first look that is not empty,
 * through the real API only — advertisers, an operator, charges (approved with a bonus, rejected,
 * pending) and their ledger, slots in every status (승인대기, 진행대기, 진행중, 일시정지, 완료, 거절,
 * 환불, 삭제, 입력대기, 만료), a pre-allocation issuance, then the daily jobs; rank history from a demo
 * worker (yesterday's and today's checks, the recompute job after each day: ranks, arrows and a
 * two-day chart — the worker API takes no older checks), announcements (pinned, urgent, normal; HTML),
 * notifications (a broadcast and direct ones, some read) and a support chat (switched on in settings).
 *
 * Refuses anything but a local product: the base URL must be loopback AND answer the local-only
 * `POST /_local/jobs/{name}` (absent from every cloud stage). Run it against `npm start`.
 *   npm run demo-data [-- --url http://localhost:3000]
 * Accounts (password `demo1234` for all): demoadv1…demoadv4 (advertisers), demoop (operator).
 */
import { ApiError, bearer, createApiClient, signIn, type CallInputAt, type WorkerRoute } from '../shared/api-client';
import type { Route } from '../shared/contract/index';
import { addKstDays, kstDayStartIso, kstToday } from '../shared/kst';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const baseUrl = (arg('url') ?? process.env.DEMO_BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(
  /\/$/,
  '',
);
const developer = {
  id: process.env.BOOTSTRAP_DEVELOPER_ID ?? 'developer',
  password: process.env.BOOTSTRAP_DEVELOPER_PASSWORD ?? 'developer123!',
};
const PASSWORD = 'demo1234';
const today = kstToday();

class DemoError extends Error {}

const api = createApiClient({ baseUrl });
/** A signed-in call's options; `money` adds a fresh Idempotency-Key (the API asks one of money calls). */
const as = (token: string, money = false) => ({
  headers: bearer(token),
  ...(money ? { idempotencyKey: crypto.randomUUID() } : {}),
});

async function signInAs(id: string, password: string): Promise<string> {
  return (await signIn(api, id, password)).tokens.accessToken;
}

async function assertLocal() {
  const host = new URL(baseUrl).hostname;
  if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(host))
    throw new DemoError(`로컬 제품에만 데모 데이터를 넣을 수 있습니다 (${baseUrl}).`);
  const probe = await fetch(`${baseUrl}/_local/jobs/slot-status`, { method: 'POST' }).catch(() => undefined);
  if (!probe?.ok)
    throw new DemoError(
      `${baseUrl} 는 로컬 모드가 아닙니다 (POST /_local/jobs 가 없음). npm start 로 띄운 제품에만 실행하세요.`,
    );
}

const url = (n: number) =>
  `https://www.coupang.com/vp/products/${7100000 + n}?itemId=${8200000 + n}&vendorItemId=${9300000 + n}`;
const keywords = [
  '무선 이어폰',
  '캠핑 의자',
  '에어프라이어',
  '텀블러',
  '게이밍 마우스',
  '요가 매트',
  '전기 포트',
  '블루투스 스피커',
  '차량용 방향제',
  '수납 박스',
  '보조배터리',
  '실내 슬리퍼',
];

async function main() {
  await assertLocal();
  const dev = await signInAs(developer.id, developer.password);
  const existing = await api.call('GET /api/users', { ...as(dev), query: { search: 'demoadv', limit: 10 } });
  if (existing.users.length)
    throw new DemoError(
      '이미 데모 데이터가 있습니다 (demoadv 계정). 빈 테이블에서 실행하세요 (.data 를 지우고 npm start).',
    );

  console.log('계정을 만드는 중 …');
  const op = await api.call('POST /api/users', {
    ...as(dev),
    body: { email: 'demoop', password: PASSWORD, fullName: '김운영' },
  });
  await api.call('PUT /api/users/{id}', { ...as(dev), path: { id: op.id }, body: { role: 'operator' } });
  const names = ['이서연', '박도윤', '최하은', '정민준'];
  const advertisers: Array<{ id: string; login: string; token: string }> = [];
  for (const [i, fullName] of names.entries()) {
    const login = `demoadv${i + 1}`;
    const { id } = await api.call('POST /api/users', {
      ...as(dev),
      body: { email: login, password: PASSWORD, fullName },
    });
    advertisers.push({ id, login, token: await signInAs(login, PASSWORD) });
  }
  const operator = await signInAs('demoop', PASSWORD);

  console.log('충전 요청과 승인 …');
  const depositAt = `${addKstDays(today, -3)}T10:30`;
  for (const [i, a] of advertisers.entries()) {
    const charge = await api.call('POST /api/cash/charge-requests', {
      ...as(a.token, true),
      body: { amount: 1_000_000 - i * 100_000, depositAt, accountHolder: names[i] },
    });
    await api.call('POST /api/cash/charge-requests/{id}/approve', {
      ...as(operator),
      path: { id: charge.id },
      body: { bonusPercentage: i === 0 ? 10 : 0 },
    });
  }
  const rejected = await api.call('POST /api/cash/charge-requests', {
    ...as(advertisers[1].token, true),
    body: { amount: 50_000, depositAt, accountHolder: '박도윤' },
  });
  await api.call('POST /api/cash/charge-requests/{id}/reject', {
    ...as(operator),
    path: { id: rejected.id },
    body: { reason: '입금 내역이 확인되지 않습니다.' },
  });
  await api.call('POST /api/cash/charge-requests', {
    ...as(advertisers[2].token, true),
    body: { amount: 300_000, depositAt: `${today}T09:00`, accountHolder: '최하은' },
  });

  console.log('슬롯 등록과 상태 …');
  let n = 0;
  const register = async (a: (typeof advertisers)[number], count: number) => {
    const rows = Array.from({ length: count }, () => {
      n += 1;
      return { customFields: { keywords: keywords[n % keywords.length], landingUrl: url(n), mid: `MID${1000 + n}` } };
    });
    const result = await api.call('POST /api/slots/bulk', { ...as(a.token, true), body: { rows } });
    return result.slotIds;
  };
  const [s1, s2, s3] = [
    await register(advertisers[0], 8),
    await register(advertisers[1], 6),
    await register(advertisers[2], 4),
  ];
  const approve = (id: string) =>
    api.call('POST /api/slots/{id}/approve', { ...as(operator), path: { id }, body: { approved: true } });
  const period = (id: string, start: number, days: number) =>
    api.call('PUT /api/slots/{id}/update-fields', {
      ...as(operator),
      path: { id },
      body: { customFields: {}, startDate: addKstDays(today, start), endDate: addKstDays(today, start + days - 1) },
    });
  for (const id of [...s1.slice(0, 6), ...s2.slice(0, 4), ...s3.slice(0, 2)]) await approve(id);
  await period(s1[1], 3, 30); // 진행대기: starts in three days
  await period(s1[2], -40, 30); // 완료: ended ten days ago
  await period(s1[3], -27, 30); // 진행중, '만료 예정' soon
  const status = (
    token: string,
    id: string,
    body: { status: 'paused' | 'refunded' | 'deleted'; refundReason?: string },
  ) => api.call('PATCH /api/slots/{id}/status', { ...as(token), path: { id }, body });
  await status(advertisers[0].token, s1[4], { status: 'paused' }); // 일시정지
  await status(operator, s1[5], {
    status: 'refunded',
    refundReason: '광고주 요청으로 환불',
  }); // 환불
  await api.call('POST /api/slots/{id}/approve', {
    ...as(operator),
    path: { id: s2[4] },
    body: { approved: false, rejectionReason: '상품 URL 이 판매 중지된 상품입니다.' },
  }); // 거절
  await api.call('POST /api/slots/{id}/approve', {
    ...as(operator),
    path: { id: s2[5] },
    body: { approved: false, rejectionReason: '키워드가 상품과 맞지 않습니다.' },
  });
  await status(advertisers[1].token, s2[5], { status: 'deleted' }); // 삭제
  // s1[6], s1[7], s2... stay 승인대기

  console.log('선슬롯 발행 …');
  const setting = (key: string, value: unknown) =>
    api.call('PUT /api/system-settings/key/{key}', { ...as(dev), path: { key }, body: { value } });
  await setting('slotOperationMode', 'pre-allocation');
  try {
    const issued = await api.call('POST /api/slots/allocate/{userId}', {
      ...as(operator, true),
      path: { userId: advertisers[3].id },
      body: {
        slotCount: 5,
        startDate: today,
        endDate: addKstDays(today, 29),
        workCount: 100,
        amount: 250_000,
        description: '12월 선결제분',
      },
    });
    for (const [i, id] of issued.slotIds.slice(0, 2).entries()) {
      await api.call('PUT /api/slots/{id}/fill', {
        ...as(advertisers[3].token),
        path: { id },
        body: { keyword: keywords[i + 3], url: url(500 + i) },
      });
    }
    // An issuance whose period ended unfilled: the expiry job marks it 만료.
    await api.call('POST /api/slots/allocate/{userId}', {
      ...as(operator, true),
      path: { userId: advertisers[3].id },
      body: {
        slotCount: 1,
        startDate: addKstDays(today, -10),
        endDate: addKstDays(today, -2),
        description: '지난달 미사용분',
      },
    });
  } finally {
    await setting('slotOperationMode', 'normal');
  }

  console.log('일일 작업 실행 …');
  for (const job of ['slot-status', 'expiry']) await runJob(job);

  console.log('순위 기록 (데모 작업자) …');
  await rankHistory(dev);

  console.log('공지사항 …');
  await announcements(operator);

  console.log('알림 …');
  await notifications(operator, advertisers);

  console.log('1:1 채팅 …');
  await chat(dev, operator, advertisers[0]);

  console.log(`\n완료. ${baseUrl} 에서 다음 계정으로 로그인하세요 (비밀번호 ${PASSWORD}):`);
  console.log(`  광고주: ${advertisers.map((a) => a.login).join(', ')}   운영자: demoop   개발자: ${developer.id}`);
}

async function runJob(name: string) {
  const res = await fetch(`${baseUrl}/_local/jobs/${name}`, { method: 'POST' });
  if (!res.ok) throw new DemoError(`POST /_local/jobs/${name} → ${res.status}`);
}

/**
 * A demo rank-check worker: a key made by the developer, then plausible checks of every tracked pair
 * through POST /api/rank/observations. The API takes only yesterday's and today's checks (KST), so the
 * history is two days: yesterday's three checks, the recompute (which closes yesterday), today's
 * checks, the recompute again — each slot then has a rank, yesterday's rank (the arrow) and two days
 * on its chart. Ranks drift from a per-pair start; one pair in seven is not found today, and one in six
 * has its latest check fail, so its rank was measured an hour earlier than its last check.
 */
async function rankHistory(dev: string) {
  const { key } = await api.call('POST /api/rank/worker-keys', { ...as(dev), body: { name: '데모 순위 작업자' } });
  const worker = createApiClient<WorkerRoute>({ baseUrl, headers: () => ({ 'x-api-key': key }) });
  const work = await worker.call('GET /api/rank/work', { query: { limit: 1000 } });
  if (!work.items.length) throw new DemoError('순위를 확인할 진행중 슬롯이 없습니다.');
  const now = Date.now();
  const yesterdayStart = Date.parse(kstDayStartIso(addKstDays(today, -1)));
  const todayStart = Date.parse(kstDayStartIso(today));
  const hour = 3_600_000;
  // Today's checks, as a worker going round the list makes them: each pair's three an hour apart, its
  // last one between a couple of minutes and three hours ago, none before today's KST midnight.
  const todayTimes = (i: number) => {
    const last = 2 + ((i * 23) % 170);
    return [last + 120, last + 60, last].map((minutes, j) =>
      Math.max(todayStart + (j + 1) * 1000 + i, now - minutes * 60_000 - i * 1000),
    );
  };
  const rankOf = (i: number, step: number) =>
    Math.max(1, 12 + ((i * 37) % 90) + (i % 2 ? -1 : 1) * step * (3 + (i % 5)));
  const checks = (timesOf: (i: number) => number[], stepFrom: number, notFoundEvery: number, failEvery = 0) =>
    work.items.flatMap((w, i) =>
      timesOf(i).map((t, j, times) => {
        const base = {
          keyword: w.keyword,
          productId: w.productId,
          itemId: w.itemId,
          vendorItemId: w.vendorItemId,
          observedAt: new Date(t).toISOString(),
        };
        if (notFoundEvery && i % notFoundEvery === notFoundEvery - 1 && j === times.length - 1)
          return { ...base, status: 'not_found', depthScanned: 360 };
        // A blocked page now and then: the failed check leaves the rank, and its time, at the one before.
        if (failEvery && i % failEvery === failEvery - 2 && j === times.length - 1)
          return { ...base, status: 'failed', depthScanned: 0, evidence: { reason: 'demo: blocked page' } };
        const rank = rankOf(i, stepFrom + j);
        return {
          ...base,
          status: 'found',
          rank,
          depthScanned: Math.max(rank, 72),
          productName: `${w.keyword} 인기 상품 ${w.productId.slice(-4)}`,
        };
      }),
    );
  const post = async (observations: unknown[]) => {
    const result = await worker.call('POST /api/rank/observations', { body: { observations } });
    if (result.rejected)
      throw new DemoError(`순위 확인 일부가 거절되었습니다: ${JSON.stringify(result.rejections).slice(0, 300)}`);
  };
  await post(checks((i) => [9, 15, 21].map((h) => yesterdayStart + h * hour + i * 1000), 0, 0));
  await runJob('rank-recompute');
  await post(checks(todayTimes, 3, 7, 6));
  await runJob('rank-recompute');
  // Under `npm start` the hourly recompute may already have closed yesterday (before these checks came):
  // then the charts start today. Said, not hidden.
  const one = (await api.call('GET /api/slots', { ...as(dev), query: { limit: 10, status: 'active' } })).items[0];
  const history = one
    ? await api.call('GET /api/slots/{id}/rank-history', { ...as(dev), path: { id: one.id } })
    : { items: [] };
  if (history.items.length < 2)
    console.log(
      '  참고: 어제 순위 기록은 이미 마감된 뒤라 오늘 기록만 남았습니다 (빈 테이블에서 npm start 직후 실행하면 이틀치가 남습니다).',
    );
}

type AnnouncementBody = CallInputAt<Route, 'POST /api/announcements'>['body'];
type NotificationBody = CallInputAt<Route, 'POST /api/notifications'>['body'];

async function announcements(operator: string) {
  const create = (body: AnnouncementBody) => api.call('POST /api/announcements', { ...as(operator), body });
  await create({
    title: '신규 광고주 가이드: 슬롯 등록부터 순위 확인까지',
    content:
      '<p>Simple Slot 을 처음 사용하시나요? <strong>3단계</strong>면 충분합니다.</p><ol><li>캐시 충전 요청 후 승인 대기</li><li>슬롯 등록 (단건 또는 엑셀 대량 등록)</li><li>진행중 슬롯의 <em>순위 추이</em> 확인</li></ol><p>궁금한 점은 오른쪽 아래 <u>1:1 문의</u>로 남겨주세요.</p>',
    category: 'general',
    priority: 'normal',
  });
  await create({
    title: '충전 승인 지연 안내',
    content:
      '<p><strong>오늘 14시부터 16시까지</strong> 일부 충전 승인이 지연될 수 있습니다.</p><blockquote>입금하신 금액은 안전하게 처리되며, 지연된 요청은 순서대로 승인됩니다.</blockquote>',
    category: 'maintenance',
    priority: 'urgent',
  });
  await create({
    title: '12월 정기 점검 안내',
    content: `<h2>점검 일정</h2><p>${addKstDays(today, 7)} 02:00 ~ 04:00 (약 2시간)</p><h3>점검 중 제한</h3><ul><li>슬롯 등록과 수정</li><li>캐시 충전 요청</li></ul><p>순위 확인은 점검 뒤 <strong>자동으로</strong> 이어집니다. <a href="/announcements">공지사항</a>에서 변경 사항을 알려드립니다.</p>`,
    category: 'maintenance',
    priority: 'high',
    is_pinned: true,
    start_date: today,
    end_date: addKstDays(today, 7),
  });
}

async function notifications(operator: string, advertisers: Array<{ id: string; token: string }>) {
  const send = (body: NotificationBody) => api.call('POST /api/notifications', { ...as(operator), body });
  await send({
    type: 'info',
    title: '연말 충전 보너스 이벤트',
    message: '12월 한 달 동안 50만원 이상 충전 시 5% 보너스를 드립니다.',
    recipientId: 'all',
    priority: 'normal',
  });
  await send({
    type: 'success',
    title: '우수 광고주 선정',
    message: '11월 우수 광고주로 선정되셨습니다. 다음 충전에 보너스가 적용됩니다.',
    recipientId: [advertisers[0].id],
    priority: 'high',
  });
  await send({
    type: 'warning',
    title: '키워드 확인 요청',
    message: '등록하신 슬롯 중 상품과 맞지 않는 키워드가 있습니다. 슬롯 목록에서 확인해주세요.',
    recipientId: [advertisers[0].id, advertisers[1].id],
  });
  // demoadv1 has read the broadcast; demoadv2 has read everything.
  const list = await api.call('GET /api/notifications', { ...as(advertisers[0].token), query: { limit: 50 } });
  const broadcast = list.items.find((n) => n.recipient_id === 'all');
  if (broadcast)
    await api.call('PUT /api/notifications/{id}/read', { ...as(advertisers[0].token), path: { id: broadcast.id } });
  await api.call('PUT /api/notifications/mark-all-read', as(advertisers[1].token));
}

async function chat(dev: string, operator: string, advertiser: { token: string }) {
  await api.call('PUT /api/system-settings/key/{key}', {
    ...as(dev),
    path: { key: 'chatEnabled' },
    body: { value: true },
  });
  const first = await api.call('POST /api/chat/messages', {
    ...as(advertiser.token),
    body: {
      content:
        '안녕하세요. 어제 등록한 무선 이어폰 슬롯의 순위가 떨어졌는데, 키워드를 바꾸면 진행 기간이 초기화되나요?',
    },
  });
  const room = { id: first.room.id };
  await api.call('PUT /api/chat/rooms/{id}/read', { ...as(operator), path: room });
  await api.call('POST /api/chat/rooms/{id}/messages', {
    ...as(operator),
    path: room,
    body: {
      content:
        '안녕하세요, 김운영입니다. 키워드를 바꾸셔도 진행 기간은 그대로 유지됩니다. 순위는 다음 확인부터 새 키워드로 집계됩니다.',
    },
  });
  await api.call('PUT /api/chat/rooms/{id}/read', { ...as(advertiser.token), path: room });
  await api.call('POST /api/chat/rooms/{id}/messages', {
    ...as(advertiser.token),
    path: room,
    body: { content: '감사합니다! 그럼 오늘 바로 바꿔볼게요.' },
  });
}

main().catch((err: unknown) => {
  // The API's refusals are said in its own words (Korean), with the status.
  console.error(
    err instanceof DemoError ? err.message : err instanceof ApiError ? `${err.status} ${err.message}` : err,
  );
  process.exit(1);
});
