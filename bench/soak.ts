import { ScanCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The soak (issue 17, item 8): many clients at once, for a while, mixing the reads and writes of
 * every feature through the real HTTP API, then the books are checked:
 *  - no 5xx at any time (4xx are fine: business refusals such as a full slot limit are expected);
 *  - the ledger reconciles (every balance equals its entries, the chain unbroken);
 *  - every user's slot counters equal a recount of their slots.
 * `npm run soak` runs 50 clients for 2 minutes on loopback; `test/integration/soak.test.ts` a short
 * version in `npm test`. The caller provides a running local stack (same process: the checks read
 * the store directly).
 */
export interface SoakOptions {
  url: string;
  seconds: number;
  /** One signed-in advertiser with money per client (made before the clock starts). */
  advertisers: Array<{ id: string; token: string }>;
  operatorToken: string;
  log?: (msg: string) => void;
}

export interface SoakResult {
  clients: number;
  seconds: number;
  requests: number;
  byStatus: Record<number, number>;
  byOperation: Record<string, number>;
  serverErrors: string[];
  ledger: { checkedUsers: number; drifted: number; failed: number };
  counterMismatches: string[];
  requestsPerSecond: number;
}

const productUrl = (n: number) => `https://www.coupang.com/vp/products/${700000 + n}?itemId=${800000 + n}&vendorItemId=${900000 + n}`;

export async function runSoak(opts: SoakOptions): Promise<SoakResult> {
  const log = opts.log ?? (() => undefined);
  const byStatus: Record<number, number> = {};
  const byOperation: Record<string, number> = {};
  const serverErrors: string[] = [];
  let requests = 0;
  let n = 0;

  const call = async (op: string, token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${opts.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    requests += 1;
    byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
    byOperation[op] = (byOperation[op] ?? 0) + 1;
    if (res.status >= 500) serverErrors.push(`${op} ${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
    try {
      return { status: res.status, body: JSON.parse(text) as any };
    } catch {
      return { status: res.status, body: null as any };
    }
  };

  const clients = opts.advertisers.length;
  const deadline = Date.now() + opts.seconds * 1000;
  const client = async (index: number) => {
    const me = opts.advertisers[index];
    const mySlots: string[] = [];
    while (Date.now() < deadline) {
      const pick = (n++ + index) % 12;
      const k = n;
      switch (pick) {
        case 0:
        case 1: {
          const res = await call('register', me.token, 'POST', '/api/slots', { customFields: { keywords: `소크 ${k}`, landingUrl: productUrl(k) } }, { 'idempotency-key': `soak-${index}-${k}` });
          if (res.status === 201) mySlots.push(res.body.data.id);
          break;
        }
        case 2:
          await call('bulk', me.token, 'POST', '/api/slots/bulk', { rows: [0, 1, 2].map((i) => ({ customFields: { keywords: `대량 ${k}-${i}`, landingUrl: productUrl(k * 10 + i) } })) }, { 'idempotency-key': `soak-bulk-${index}-${k}` });
          break;
        case 3:
          await call('list', me.token, 'GET', '/api/slots?limit=10&page=1');
          break;
        case 4:
          await call('balance', me.token, 'GET', '/api/cash/balance');
          break;
        case 5:
          await call('transactions', me.token, 'GET', '/api/cash/transactions?limit=10');
          break;
        case 6: {
          const res = await call('charge', me.token, 'POST', '/api/cash/charge-requests', { amount: 10_000 + (k % 10) * 1000, depositAt: '2025-03-01T10:00', accountHolder: '소크' });
          if (res.status === 201 && res.body?.data?.id) await call('approve', opts.operatorToken, 'POST', `/api/cash/charge-requests/${res.body.data.id}/approve`, { bonusPercentage: k % 3 });
          break;
        }
        case 7:
          if (mySlots.length) await call('approve-slot', opts.operatorToken, 'POST', `/api/slots/${mySlots[k % mySlots.length]}/approve`, { approved: true, approvedPrice: 50_000 });
          break;
        case 8:
          if (mySlots.length) await call('pause', me.token, 'PATCH', `/api/slots/${mySlots[k % mySlots.length]}/status`, { status: k % 2 ? 'paused' : 'active' });
          break;
        case 9:
          if (mySlots.length) await call('reject-slot', opts.operatorToken, 'POST', `/api/slots/${mySlots[k % mySlots.length]}/approve`, { approved: false, rejectionReason: '소크 거절' });
          break;
        case 10:
          await call('me', me.token, 'GET', '/api/auth/me');
          break;
        default:
          await call('staff-list', opts.operatorToken, 'GET', '/api/slots?limit=10&status=pending');
      }
    }
  };

  log(`soak: ${clients} clients for ${opts.seconds} s`);
  const started = Date.now();
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const elapsed = (Date.now() - started) / 1000;

  // The books after the storm.
  const { reconcileLedgers } = await import('../functions/domain/cash/reconcile');
  const ledger = await reconcileLedgers();
  const counterMismatches = await recountSlots();
  return {
    clients,
    seconds: opts.seconds,
    requests,
    byStatus,
    byOperation,
    serverErrors,
    ledger: { checkedUsers: ledger.checkedUsers, drifted: ledger.drifted, failed: ledger.failed },
    counterMismatches,
    requestsPerSecond: Math.round((requests / elapsed) * 10) / 10,
  };
}

/** Every user's stored slot counters against a scan of their visible slots. */
async function recountSlots(): Promise<string[]> {
  const { db, tableName } = await import('../functions/storage/client');
  const { slotCountersStore } = await import('../functions/storage/slot-counters');
  const { visibleSlots } = await import('../functions/domain/slots/slot-visibility');
  const byUser = new Map<string, Record<string, number>>();
  let cursor: Record<string, unknown> | undefined;
  const slots: Array<{ userId: string; status: string; bulkId?: string; bulkAttempt?: string }> = [];
  do {
    const out = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: cursor, ConsistentRead: true, FilterExpression: 'entity = :slot', ExpressionAttributeValues: { ':slot': 'slot' } }));
    slots.push(...((out.Items ?? []) as typeof slots));
    cursor = out.LastEvaluatedKey;
  } while (cursor);
  for (const slot of await visibleSlots(slots)) {
    const counts = byUser.get(slot.userId) ?? {};
    counts[slot.status] = (counts[slot.status] ?? 0) + 1;
    byUser.set(slot.userId, counts);
  }
  const mismatches: string[] = [];
  for (const [userId, counts] of byUser) {
    const stored = await slotCountersStore.ofUser(userId);
    for (const [status, count] of Object.entries(counts)) {
      const have = stored.byStatus[status as keyof typeof stored.byStatus];
      if (have !== count) mismatches.push(`${userId} ${status}: counter ${have}, slots ${count}`);
    }
  }
  return mismatches;
}
