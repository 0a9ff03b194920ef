import WebSocket from 'ws';
import { generate } from 'otplib';
import { commonMessages } from '#shared/messages/common';
import type { Rehearsal } from './rehearsal';

/**
 * The API smoke run of the deploy rehearsal: what a first day on a new stage does, through the
 * template's routes to the synthesized bundles. Each step throws with what went wrong; the
 * rehearsal's own checks (permissions, settings, routes) are read afterwards.
 */
export interface SmokeStep {
  name: string;
  ms: number;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers and pushes under test */
interface Reply {
  status: number;
  body: any;
}
type Pushed = { type: string; data: any };
/* eslint-enable @typescript-eslint/no-explicit-any -- only these two */

export function rehearsalClient(baseUrl: string) {
  return async function call(
    method: string,
    path: string,
    opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body };
  };
}

function expectStatus(step: string, reply: Reply, ...wanted: number[]): Reply {
  if (!wanted.includes(reply.status))
    throw new Error(`${step}: HTTP ${reply.status} (wanted ${wanted.join(' or ')}): ${JSON.stringify(reply.body)}`);
  return reply;
}

/** A socket that keeps every message it receives. */
async function openSocket(url: string, token: string) {
  const ws = new WebSocket(`${url}?token=${encodeURIComponent(token)}`);
  const inbox: Pushed[] = [];
  ws.on('message', (data) => inbox.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`$connect answered HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const waitFor = async (what: string, test: (m: Pushed) => boolean) => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const found = inbox.find(test);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no ${what} arrived over the WebSocket within 10 s (got ${JSON.stringify(inbox)})`);
  };
  return { ws, inbox, waitFor };
}

export async function smokeRun(rehearsal: Rehearsal): Promise<SmokeStep[]> {
  const call = rehearsalClient(rehearsal.url);
  const steps: SmokeStep[] = [];
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } catch (err) {
      throw new Error(`smoke step "${name}": ${(err as Error).message}`, { cause: err });
    } finally {
      steps.push({ name, ms: Math.round(performance.now() - started) });
    }
  };

  await step('every route of the template reaches a function that implements it', () =>
    rehearsal.sweepRoutes(commonMessages.routeNotFound),
  );

  // The deploy's custom resource creates the developer account with the generated password.
  const bootstrap = rehearsal.byName('bootstrap');
  await step('bootstrap custom resource', () => rehearsal.runCustomResources());
  const developerId = bootstrap.templateEnv.BOOTSTRAP_DEVELOPER_ID;
  const developerPassword = rehearsal.aws.secrets.get(bootstrap.templateEnv.BOOTSTRAP_SECRET_ARN);
  if (!developerId || !developerPassword) throw new Error('the bootstrap function has no developer id or secret');

  const developer = await step('developer signs in', async () => {
    const res = expectStatus(
      'login',
      await call('POST', '/api/auth/login', { body: { email: developerId, password: developerPassword } }),
      200,
    );
    return res.body.data.tokens.accessToken as string;
  });

  // A deployed stage requires staff to hold a second factor: the developer enrols as a person would,
  // with a code computed from the secret the enrolment hands out.
  await step('developer enrols a second factor', async () => {
    const started = expectStatus(
      'enrolment',
      await call('POST', '/api/auth/second-factor/enrolment', { token: developer }),
      200,
    );
    const code = await generate({ secret: started.body.data.secret as string });
    expectStatus(
      'enrolment confirm',
      await call('POST', '/api/auth/second-factor/enrolment/confirm', { token: developer, body: { code } }),
      200,
    );
  });

  await step('settings change', async () => {
    expectStatus(
      'registration on',
      await call('PUT', '/api/system-settings/key/registrationEnabled', { token: developer, body: { value: true } }),
      200,
    );
  });

  const user = await step('advertiser registers and signs in', async () => {
    const loginId = `rehearsal${Date.now().toString(36)}`;
    expectStatus(
      'register',
      await call('POST', '/api/auth/register', {
        body: { email: loginId, password: 'rehearse12', fullName: '리허설 광고주' },
      }),
      200,
      201,
    );
    const res = expectStatus(
      'login',
      await call('POST', '/api/auth/login', { body: { email: loginId, password: 'rehearse12' } }),
      200,
    );
    return { token: res.body.data.tokens.accessToken as string, id: res.body.data.user.id as string };
  });

  const socket = await step('advertiser opens the WebSocket ($connect)', () =>
    openSocket(rehearsal.webSocketUrl, user.token),
  );
  try {
    await step('ping over the WebSocket ($default)', async () => {
      socket.ws.send(JSON.stringify({ type: 'ping' }));
      await socket.waitFor('pong', (m) => m.type === 'pong');
    });

    await step('charge request and its approval, notified over the socket', async () => {
      const created = expectStatus(
        'charge request',
        await call('POST', '/api/cash/charge-requests', {
          token: user.token,
          body: { amount: 200_000, depositAt: '2025-03-01T14:30', accountHolder: '홍길동' },
        }),
        201,
      );
      expectStatus(
        'approve',
        await call('POST', `/api/cash/charge-requests/${created.body.data.id}/approve`, { token: developer, body: {} }),
        200,
      );
      await socket.waitFor('charge approval notification', (m) => m.type === 'new_notification');
      const balance = expectStatus('balance', await call('GET', '/api/cash/balance', { token: user.token }), 200);
      if (balance.body.data.amount !== 200_000) throw new Error(`balance is ${balance.body.data.amount}, not 200000`);
    });

    const slot = await step('slot registration and approval', async () => {
      const created = expectStatus(
        'register slot',
        await call('POST', '/api/slots', {
          token: user.token,
          body: {
            customFields: {
              keywords: '무선 마우스',
              landingUrl: 'https://www.coupang.com/vp/products/7001?itemId=8001&vendorItemId=9001',
              mid: 'R1',
            },
          },
        }),
        201,
      );
      const approved = expectStatus(
        'approve slot',
        await call('POST', `/api/slots/${created.body.data.id}/approve`, {
          token: developer,
          body: { approved: true },
        }),
        200,
      );
      return approved.body.data as { id: string; status: string };
    });

    await step("rank worker's observations and the recompute job", async () => {
      const key = expectStatus(
        'worker key',
        await call('POST', '/api/rank/worker-keys', { token: developer, body: { name: '리허설 작업자' } }),
        201,
      ).body.data.key as string;
      const work = expectStatus(
        'work list',
        await call('GET', '/api/rank/work', { headers: { 'x-api-key': key } }),
        200,
      );
      const pair = (work.body.data.items as Array<{ keyword: string; productId: string }>).find(
        (w) => w.productId === '7001',
      );
      if (!pair) throw new Error(`the approved slot is not on the work list: ${JSON.stringify(work.body.data.items)}`);
      const observed = expectStatus(
        'observations',
        await call('POST', '/api/rank/observations', {
          headers: { 'x-api-key': key },
          body: {
            observations: [
              {
                keyword: pair.keyword,
                productId: '7001',
                itemId: '8001',
                vendorItemId: '9001',
                status: 'found',
                rank: 7,
                depthScanned: 300,
                observedAt: new Date().toISOString(),
              },
            ],
          },
        }),
        200,
      );
      if (observed.body.data.accepted !== 1)
        throw new Error(`observation not accepted: ${JSON.stringify(observed.body)}`);
      await rehearsal.runSchedule('rank-recompute');
      // The planner only sends the units; the queue's consumer computes them.
      if (!(await rehearsal.drainQueues())) throw new Error('the recompute planner sent no unit to its queue');
      const after = expectStatus('slot', await call('GET', `/api/slots/${slot.id}`, { token: user.token }), 200);
      if (!JSON.stringify(after.body.data).includes('7'))
        throw new Error(`no rank on the slot after recompute: ${JSON.stringify(after.body.data)}`);
    });

    await step('chat message', async () => {
      // Off by default: the developer switches the chat on first (the server refuses a message otherwise).
      expectStatus(
        'chat switch',
        await call('PUT', '/api/system-settings/key/chatEnabled', { token: developer, body: { value: true } }),
        200,
      );
      expectStatus(
        'chat',
        await call('POST', '/api/chat/messages', { token: user.token, body: { content: '리허설 문의입니다' } }),
        200,
        201,
      );
    });

    await step('announcement with an image (S3)', async () => {
      // A PNG's signature and header: what the confirm step sniffs.
      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(84)]);
      const ticket = expectStatus(
        'image ticket',
        await call('POST', '/api/announcements/images', {
          token: developer,
          body: { contentType: 'image/png', size: png.length },
        }),
        200,
        201,
      ).body.data as { uploadId: string; url: string; fields: Record<string, string> };
      // The browser posts the bytes to the bucket with the presigned policy; played here.
      const bucket = /^https:\/\/(.+?)\.s3\.[^/]+\.amazonaws\.com\/$/.exec(ticket.url)?.[1];
      if (!bucket) throw new Error(`the upload ticket does not point at an S3 bucket: ${ticket.url}`);
      rehearsal.aws.putObject(bucket, ticket.fields.key, png, 'image/png');
      const image = expectStatus(
        'confirm image',
        await call('POST', `/api/announcements/images/${ticket.uploadId}/confirm`, { token: developer, body: {} }),
        200,
      ).body.data.url as string;
      // CloudFront's /media/* behaviour serves the bucket's key of the same path.
      if (!rehearsal.aws.objects.has(`${bucket}${image}`))
        throw new Error(`the confirmed image ${image} is not in the bucket`);
      const created = expectStatus(
        'announcement',
        await call('POST', '/api/announcements', {
          token: developer,
          body: { title: '리허설 공지', content: `<p>배포 전 리허설</p><p><img src="${image}"></p>` },
        }),
        200,
        201,
      );
      const listed = expectStatus('list', await call('GET', '/api/announcements?limit=10', { token: user.token }), 200);
      if (!JSON.stringify(listed.body).includes(created.body.data.id))
        throw new Error('the announcement is not listed');
    });

    await step('broadcast notification delivered over the socket (work queue)', async () => {
      expectStatus(
        'send to all',
        await call('POST', '/api/notifications', {
          token: developer,
          body: { title: '리허설 공지 알림', message: '모두에게', recipientId: 'all' },
        }),
        200,
        201,
        202,
      );
      await rehearsal.drainQueues();
      await socket.waitFor(
        'broadcast',
        (m) => m.type === 'new_notification' && JSON.stringify(m.data).includes('리허설 공지 알림'),
      );
    });

    // Groups the steps above never reach signed in: each verifies the token (the public key) and reads.
    await step('signed-in reads of the remaining groups', async () => {
      for (const path of [
        '/api/users?limit=10',
        '/api/field-configs',
        '/api/notifications?limit=10',
        '/api/ranking/keywords',
      ])
        expectStatus(`GET ${path}`, await call('GET', path, { token: developer }), 200);
    });

    await step('every schedule target with its input', async () => {
      for (const s of rehearsal.schedules()) await rehearsal.invoke(s.target, s.event);
      await rehearsal.drainQueues();
    });
  } finally {
    await step('advertiser closes the WebSocket ($disconnect)', async () => {
      const closed = new Promise((r) => socket.ws.once('close', r));
      socket.ws.close();
      await closed;
      await rehearsal.settled();
    });
  }
  return steps;
}
