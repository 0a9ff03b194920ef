import '../support/quiet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/storage/client';
import { allowedTags } from '../../shared/announcement-html';
import { announcementMessages } from '../../shared/messages/announcements';
import { addKstDays, kstToday } from '../../shared/kst';
import { apiClient } from '../support/http';
import { startLocalStack, type LocalStack } from '../support/local-stack';
import { newAccount } from '../support/slots';
import { offSiteUrl, owaspXssVectors } from '../support/xss-vectors';
import { uploadImage, pngBytes, gifBytes } from '../support/announcements';

/**
 * Announcements: visibility by KST dates and activity, includeInactive for operators only,
 * a view counted once per user (also under concurrent opens), the 400 and 403 texts, sanitising on
 * save against the OWASP cheat-sheet set, and image uploads checked by their real bytes.
 */
let stack: LocalStack;
let api: ReturnType<typeof apiClient>;
type Account = { id: string; token: string };
let user: Account;
let user2: Account;
let operator: Account;

const create = (body: Record<string, unknown>, token = operator.token) =>
  api.call('POST', '/api/announcements', { token, body });
const base = { title: '공지', content: '<p>내용</p>' };

async function annItems() {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': 'ANNS' },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

beforeAll(async () => {
  stack = await startLocalStack({ web: false });
  api = apiClient(stack.url);
  user = await newAccount(stack);
  user2 = await newAccount(stack);
  operator = await newAccount(stack, { role: 'operator', name: '김운영' });
});
afterAll(() => stack?.stop());

describe('announcements API', () => {
  it('creates with the caller as author and the defaults, and lists it for users', async () => {
    const res = await create({ title: '첫 공지', content: '<p><strong>굵게</strong> 안내</p>' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      title: '첫 공지',
      author_name: '김운영',
      content_type: 'html',
      category: 'general',
      priority: 'normal',
      is_pinned: false,
      is_active: true,
      view_count: 0,
      images: [],
    });
    const list = await api.call('GET', '/api/announcements?limit=10', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.data.announcements.map((a: { id: string }) => a.id)).toContain(res.body.data.id);
    expect(list.body.data.announcements.find((a: { id: string }) => a.id === res.body.data.id).is_read).toBe(false);
  });

  it('refuses a save without title or content with the Korean message, and writes nothing', async () => {
    const before = (await annItems()).length;
    for (const body of [
      { content: '<p>x</p>' },
      { title: '제목' },
      { title: '  ', content: 'x' },
      { title: '제목', content: '<p> </p>' },
      { title: '제목', content: '<script>x()</script>' },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: 'VALIDATION',
        error: announcementMessages.titleAndContentRequired,
      });
    }
    const put = await api.call('PUT', `/api/announcements/${(await create(base)).body.data.id}`, {
      token: operator.token,
      body: { title: '' },
    });
    expect(put.status).toBe(400);
    expect(put.body.error).toBe('제목과 내용을 입력해주세요.');
    expect((await annItems()).length).toBe(before + 1);
  });

  it('answers 403 to a user on every write route, and changes nothing', async () => {
    const id = (await create(base)).body.data.id;
    const before = JSON.stringify(await annItems());
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/announcements', base],
      ['PUT', `/api/announcements/${id}`, { title: '바꿈' }],
      ['DELETE', `/api/announcements/${id}`],
      ['POST', '/api/announcements/images', { contentType: 'image/png', size: 100 }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.call(method, path, { token: user.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect(JSON.stringify(await annItems())).toBe(before);
  });

  it('shows users only active announcements within their KST dates; includeInactive is for operators only', async () => {
    const today = kstToday();
    const mk = async (title: string, extra: Record<string, unknown>) =>
      (await create({ ...base, title, ...extra })).body.data.id as string;
    const live = await mk('오늘까지', { start_date: addKstDays(today, -3), end_date: today });
    const startsToday = await mk('오늘부터', { start_date: today });
    const future = await mk('내일부터', { start_date: addKstDays(today, 1) });
    const past = await mk('어제까지', { end_date: addKstDays(today, -1) });
    const inactive = await mk('비활성', { is_active: false });

    const ids = async (token: string, query = '') =>
      (
        (await api.call('GET', `/api/announcements?limit=100${query}`, { token })).body.data.announcements as Array<{
          id: string;
        }>
      ).map((a) => a.id);
    const forUser = await ids(user.token, '&includeInactive=true');
    expect(forUser).toEqual(expect.arrayContaining([live, startsToday]));
    for (const hidden of [future, past, inactive]) expect(forUser).not.toContain(hidden);
    const forOperator = await ids(operator.token, '&includeInactive=true');
    expect(forOperator).toEqual(expect.arrayContaining([live, startsToday, future, past, inactive]));
    expect(await ids(operator.token)).not.toContain(inactive);

    // Users cannot open what they cannot list; operators can.
    for (const hidden of [future, past, inactive])
      expect((await api.call('GET', `/api/announcements/${hidden}`, { token: user.token })).status).toBe(404);
    expect((await api.call('GET', `/api/announcements/${inactive}`, { token: operator.token })).status).toBe(200);

    // Only the first `limit` come back.
    expect(
      (await api.call('GET', '/api/announcements?limit=2', { token: user.token })).body.data.announcements,
    ).toHaveLength(2);
    expect((await api.call('GET', '/api/announcements?limit=101', { token: user.token })).status).toBe(400);
  });

  it("pages the users' list: every live announcement on exactly one page, pinned first", async () => {
    for (const n of [1, 2, 3, 4, 5]) await create({ ...base, title: `페이지 공지 ${n}`, is_pinned: n === 1 });
    const list = async (query: string) => {
      const res = await api.call('GET', `/api/announcements?${query}`, { token: user.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { announcements: Array<{ id: string; is_pinned: boolean }>; total: number };
    };
    const whole = await list('limit=100');
    expect(whole.total).toBeGreaterThan(5);
    expect(whole.total).toBeLessThan(100);
    const pages: string[][] = [];
    for (let page = 1; page <= Math.ceil(whole.total / 2); page++) {
      const answer = await list(`limit=2&page=${page}`);
      expect(answer.total).toBe(whole.total);
      pages.push(answer.announcements.map((a) => a.id));
    }
    // Page after page reads the same order as the whole list: nothing repeated, nothing left out.
    expect(pages.flat()).toEqual(whole.announcements.map((a) => a.id));
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
    expect((await list(`limit=2&page=${pages.length + 1}`)).announcements).toEqual([]);

    const bad = await api.call('GET', '/api/announcements?limit=10&page=0', { token: user.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(announcementMessages.pageInvalid);
  });

  it('pinned: only pinned, active and live ones', async () => {
    const pinned = (await create({ ...base, title: '고정', is_pinned: true })).body.data.id;
    const pinnedInactive = (await create({ ...base, title: '고정 비활성', is_pinned: true, is_active: false })).body
      .data.id;
    const pinnedFuture = (
      await create({ ...base, title: '고정 미래', is_pinned: true, start_date: addKstDays(kstToday(), 2) })
    ).body.data.id;
    const res = await api.call('GET', '/api/announcements/pinned', { token: user.token });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((a: { id: string }) => a.id);
    expect(ids).toContain(pinned);
    expect(ids).not.toContain(pinnedInactive);
    expect(ids).not.toContain(pinnedFuture);
    expect(res.body.data.every((a: { is_pinned: boolean; is_active: boolean }) => a.is_pinned && a.is_active)).toBe(
      true,
    );
  });

  it('counts a view once per user, also when one user opens it ten times at once, and marks it read', async () => {
    const id = (await create({ ...base, title: '조회수' })).body.data.id;
    const opens = await Promise.all(
      Array.from({ length: 10 }, () => api.call('GET', `/api/announcements/${id}`, { token: user.token })),
    );
    expect(opens.map((r) => r.status)).toEqual(Array(10).fill(200));
    const second = await api.call('GET', `/api/announcements/${id}`, { token: user2.token });
    expect(second.body.data).toMatchObject({ view_count: 2, is_read: true });
    await api.call('GET', `/api/announcements/${id}`, { token: user2.token });
    const listed = (
      await api.call('GET', '/api/announcements?limit=100', { token: user.token })
    ).body.data.announcements.find((a: { id: string }) => a.id === id);
    expect(listed).toMatchObject({ view_count: 2, is_read: true });
    const forOperator = (
      await api.call('GET', '/api/announcements?limit=100', { token: operator.token })
    ).body.data.announcements.find((a: { id: string }) => a.id === id);
    expect(forOperator.is_read).toBe(false);
  });

  it('updates one field (the active and pin toggles) and deletes', async () => {
    const id = (await create(base)).body.data.id;
    const off = await api.call('PUT', `/api/announcements/${id}`, {
      token: operator.token,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ is_active: false, title: '공지', content: '<p>내용</p>' });
    const pin = await api.call('PUT', `/api/announcements/${id}`, {
      token: operator.token,
      body: { is_pinned: true, priority: 'urgent', category: 'maintenance' },
    });
    expect(pin.body.data).toMatchObject({
      is_pinned: true,
      is_active: false,
      priority: 'urgent',
      category: 'maintenance',
    });
    expect(
      (
        await api.call('PUT', `/api/announcements/${id}`, {
          token: operator.token,
          body: { start_date: '2026-05-02', end_date: '2026-05-01' },
        })
      ).status,
    ).toBe(400);
    expect((await api.call('DELETE', `/api/announcements/${id}`, { token: operator.token })).status).toBe(200);
    expect((await api.call('DELETE', `/api/announcements/${id}`, { token: operator.token })).status).toBe(404);
    expect((await api.call('GET', `/api/announcements/${id}`, { token: operator.token })).status).toBe(404);
  });

  it('keeps plain text as typed (rendered as text) and refuses bad enums and foreign images', async () => {
    const text = await create({ title: '텍스트', content: '<b>그대로</b> 보입니다', content_type: 'text' });
    expect(text.body.data.content).toBe('<b>그대로</b> 보입니다');
    expect((await create({ ...base, category: 'news' })).status).toBe(400);
    expect((await create({ ...base, priority: 'critical' })).status).toBe(400);
    const foreign = await create({ ...base, images: ['https://evil.example/a.png'] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe(announcementMessages.imagePath);
  });
});

describe('urgent pinned announcements notify users (notification service)', () => {
  const urgentTitles = async (token: string) => {
    const res = await api.call('GET', '/api/notifications?limit=100', { token });
    expect(res.status).toBe(200);
    const data = res.body.data;
    const list = (Array.isArray(data) ? data : (data.items ?? data.notifications ?? [])) as Array<{ title: string }>;
    return list.map((n) => n.title).filter((t) => t.startsWith('[긴급 공지]'));
  };

  it('sends one notification to every user when a pinned urgent one is published, not again on edits, none for others', async () => {
    await create({ ...base, title: '보통 고정', is_pinned: true, priority: 'high' });
    const urgent = (await create({ ...base, title: '서버 긴급 점검', is_pinned: true, priority: 'urgent' })).body.data
      .id;
    expect(await urgentTitles(user.token)).toEqual(['[긴급 공지] 서버 긴급 점검']);
    expect(await urgentTitles(user2.token)).toEqual(['[긴급 공지] 서버 긴급 점검']);
    await api.call('PUT', `/api/announcements/${urgent}`, {
      token: operator.token,
      body: { content: '<p>시간 변경</p>' },
    });
    await api.call('PUT', `/api/announcements/${urgent}`, { token: operator.token, body: { is_pinned: false } });
    await api.call('PUT', `/api/announcements/${urgent}`, { token: operator.token, body: { is_pinned: true } });
    expect(await urgentTitles(user.token)).toEqual(['[긴급 공지] 서버 긴급 점검']);

    // An inactive urgent draft notifies only when it is switched on.
    const draft = (await create({ ...base, title: '예정 점검', is_pinned: true, priority: 'urgent', is_active: false }))
      .body.data.id;
    expect(await urgentTitles(user.token)).toHaveLength(1);
    await api.call('PUT', `/api/announcements/${draft}`, { token: operator.token, body: { is_active: true } });
    expect((await urgentTitles(user.token)).sort()).toEqual(['[긴급 공지] 서버 긴급 점검', '[긴급 공지] 예정 점검']);
  });
});

describe('sanitising on save (OWASP XSS cheat-sheet vectors)', () => {
  it('stores none of the vectors in a form that could run, hotlink or restyle', async () => {
    const allowedAttrs = (tag: string) => allowedTags[tag] ?? [];
    for (const vector of owaspXssVectors) {
      const res = await create({ title: 'xss', content: `<p>앞</p>${vector}<p>뒤</p>` });
      expect(res.status, vector).toBe(201);
      const stored = res.body.data.content as string;
      const doc = new JSDOM(`<body>${stored}</body>`).window.document;
      for (const el of doc.body.querySelectorAll('*')) {
        const tag = el.tagName.toLowerCase();
        expect(Object.keys(allowedTags), `${vector} → ${stored}`).toContain(tag);
        for (const attr of el.attributes) {
          expect(allowedAttrs(tag).concat(tag === 'a' ? ['rel'] : []), `${vector} → ${stored}`).toContain(attr.name);
          if (attr.name === 'href') expect(offSiteUrl(attr.value), `${vector} → ${attr.value}`).toBe(false);
          if (attr.name === 'src')
            expect(attr.value, vector).toMatch(/^\/media\/announcements\/[0-9A-Z]{26}\.(png|jpg|webp|gif)$/);
        }
      }
      // What is left of a vector is text: markup-looking characters come back escaped.
      expect(stored, vector).not.toMatch(/<(script|style|iframe|svg|img(?![^>]*src="\/media\/))/i);
    }
  });

  it('keeps the formatting an operator uses', async () => {
    const html =
      '<h2>제목</h2><p><strong>굵게</strong> <em>기울임</em> <u>밑줄</u> <s>취소</s></p><ul><li>하나</li></ul><ol><li>둘</li></ol><blockquote>인용</blockquote><p><a href="https://example.com/event" target="_blank">링크</a></p><hr>';
    const res = await create({ title: '서식', content: html });
    expect(res.body.data.content).toBe(html.replace('target="_blank"', 'target="_blank" rel="noopener noreferrer"'));
  });
});

describe('announcement images', () => {
  it('uploads a real PNG and GIF, serves them from /media on the same origin, and lets the content show them', async () => {
    const png = await uploadImage(api, stack.url, operator.token, pngBytes(), 'image/png');
    expect(png.confirm.status, JSON.stringify(png.confirm.body)).toBe(200);
    const url = png.confirm.body.data.url as string;
    expect(url).toMatch(/^\/media\/announcements\/[0-9A-Z]{26}\.png$/);
    const served = await fetch(`${stack.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(pngBytes())).toBe(true);

    const gif = await uploadImage(api, stack.url, operator.token, gifBytes(), 'image/gif');
    expect(gif.confirm.body.data.url).toMatch(/\.gif$/);

    const res = await create({ title: '이미지', content: `<p>사진</p><img src="${url}" alt="배너">` });
    expect(res.status).toBe(201);
    expect(res.body.data.content).toContain(`<img src="${url}" alt="배너">`);
    expect(res.body.data.images).toEqual([url]);
  });

  it('refuses bytes that are not the declared image type (a script renamed .png, a JPEG declared PNG)', async () => {
    const script = await uploadImage(
      api,
      stack.url,
      operator.token,
      Buffer.from('<script>alert(1)</script>'),
      'image/png',
    );
    expect(script.confirm.status).toBe(400);
    expect(script.confirm.body.error).toBe(announcementMessages.imageType);
    const jpeg = await uploadImage(
      api,
      stack.url,
      operator.token,
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
      'image/png',
    );
    expect(jpeg.confirm.status).toBe(400);
    // Neither was published.
    expect((await fetch(`${stack.url}/media/announcements/${script.ticket.body.data.uploadId}.png`)).status).toBe(404);
  });

  it('refuses over 5 MB when asked, and at the upload itself; types other than png/jpeg/webp/gif; another operator’s upload', async () => {
    const big = await api.call('POST', '/api/announcements/images', {
      token: operator.token,
      body: { contentType: 'image/png', size: 5 * 1024 * 1024 + 1 },
    });
    expect(big.status).toBe(400);
    expect(big.body.error).toBe(announcementMessages.imageTooLarge);
    const svg = await api.call('POST', '/api/announcements/images', {
      token: operator.token,
      body: { contentType: 'image/svg+xml', size: 100 },
    });
    expect(svg.status).toBe(400);
    expect(svg.body.error).toBe(announcementMessages.imageType);

    // Declared small, sent large: the upload endpoint refuses like S3's content-length-range.
    const huge = Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024)]);
    const lying = await uploadImage(api, stack.url, operator.token, huge, 'image/png', 100);
    expect(lying.upload.status).toBe(400);
    expect(lying.confirm.status).toBe(404);
    expect(lying.confirm.body.error).toBe(announcementMessages.imageNotUploaded);
    // Declared 100 B, sent 4 MB (under the limit): the confirmation checks the bytes against the
    // declaration, and nothing is published.
    const fourMb = Buffer.concat([pngBytes(), Buffer.alloc(4 * 1024 * 1024)]);
    const understated = await uploadImage(api, stack.url, operator.token, fourMb, 'image/png', 100);
    expect(understated.upload.status).toBeLessThan(300);
    expect(understated.confirm.status).toBe(400);
    expect(understated.confirm.body.error).toBe(
      '업로드된 파일의 크기가 처음에 알려준 크기와 다릅니다. 다시 업로드해주세요.',
    );
    const unpublished = await fetch(
      `${stack.url}/media/announcements/${understated.ticket.body.data.uploadId as string}.png`,
    );
    expect(unpublished.status).toBe(404);

    const other = await newAccount(stack, { role: 'operator' });
    const mine = await uploadImage(api, stack.url, operator.token, pngBytes(), 'image/png', undefined, {
      confirm: false,
    });
    const stolen = await api.call('POST', `/api/announcements/images/${mine.ticket.body.data.uploadId}/confirm`, {
      token: other.token,
    });
    expect(stolen.status).toBe(404);

    // A forged signature is refused by the upload endpoint.
    const form = new FormData();
    form.append('expires', String(Date.now() + 60_000));
    form.append('signature', 'f'.repeat(64));
    form.append('file', new Blob([new Uint8Array(pngBytes())], { type: 'image/png' }), 'a.png');
    expect((await fetch(`${stack.url}${mine.ticket.body.data.url}`, { method: 'POST', body: form })).status).toBe(403);
  });
});
