import { createHash } from 'node:crypto';
import { kstDayOf } from '#shared/kst';
import { reconcileDriftText } from '#shared/messages/notification-events';
import { notifyQuietly } from '../notifications/notify-users';
import { logger } from '#commons/logger';
import { ledgerStore, signedAmount, type BalanceRecord, type LedgerEntryRecord } from '../../storage/ledger';
import { usersStore } from '../../storage/users';

/**
 * Nightly ledger reconciliation: for every user the ledger entries must sum to
 * the balance, the balance must not be negative, and the entries must form an unbroken chain
 * (sequence 1…n with each balanceAfter = previous + amount). Any drift is logged as an alarm and
 * notified to every developer account, and is never repaired here: money is only ever
 * changed through the ledger, by a person who has looked at it.
 */
interface LedgerDrift {
  userId: string;
  balance: number;
  ledgerSum: number;
  difference: number;
  seq: number;
  entryCount: number;
  problems: string[];
}

/** A user whose ledger could not be checked (the store failed, …): neither clean nor drifted. */
interface ReconcileFailure {
  userId: string;
  error: string;
}

export interface ReconcileSummary {
  checkedUsers: number;
  drifted: number;
  drifts: LedgerDrift[];
  failed: number;
  failures: ReconcileFailure[];
  startedAt: string;
  finishedAt: string;
}

const PARALLEL_USERS = 8;
const STABLE_READ_ATTEMPTS = 3;

export function findProblems(balance: BalanceRecord, entries: LedgerEntryRecord[]): string[] {
  const problems: string[] = [];
  const sum = entries.reduce((s, e) => s + signedAmount(e.type, e.amount), 0);
  if (sum !== balance.balance) problems.push(`ledger sum ${sum} != balance ${balance.balance}`);
  if (balance.balance < 0) problems.push(`negative balance ${balance.balance}`);
  if (entries.length !== balance.seq) problems.push(`${entries.length} entries but balance sequence ${balance.seq}`);
  let running = 0;
  entries.forEach((e, i) => {
    if (e.seq !== i + 1) problems.push(`entry ${e.id} has sequence ${e.seq}, expected ${i + 1}`);
    if (!Number.isSafeInteger(e.amount) || e.amount < 0) problems.push(`entry ${e.id} has amount ${e.amount}`);
    running += signedAmount(e.type, e.amount);
    if (e.balanceAfter !== running) problems.push(`entry ${e.id} balanceAfter ${e.balanceAfter}, expected ${running}`);
  });
  return problems;
}

/** Balance, entries, balance again: a purchase landing in between makes us read again, not alarm. */
async function checkUser(userId: string): Promise<LedgerDrift | null> {
  for (let attempt = 1; ; attempt++) {
    const balance = await ledgerStore.getBalance(userId);
    const entries = await ledgerStore.allEntries(userId);
    const again = await ledgerStore.getBalance(userId);
    const moved = again.seq !== balance.seq || again.balance !== balance.balance;
    if (moved && attempt < STABLE_READ_ATTEMPTS) continue;
    const problems = findProblems(again, entries);
    if (!problems.length) return null;
    const ledgerSum = entries.reduce((s, e) => s + signedAmount(e.type, e.amount), 0);
    return {
      userId,
      balance: again.balance,
      ledgerSum,
      difference: again.balance - ledgerSum,
      seq: again.seq,
      entryCount: entries.length,
      problems,
    };
  }
}

export async function reconcileLedgers(): Promise<ReconcileSummary> {
  const startedAt = new Date().toISOString();
  const drifts: LedgerDrift[] = [];
  const failures: ReconcileFailure[] = [];
  let checkedUsers = 0;
  const developers: string[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await usersStore.listPage(100, cursor);
    cursor = page.cursor;
    developers.push(...page.items.filter((u) => u.role === 'developer' && u.isActive && !u.deletedAt).map((u) => u.id));
    for (let i = 0; i < page.items.length; i += PARALLEL_USERS) {
      const batch = page.items.slice(i, i + PARALLEL_USERS);
      // One user's failure must not stop the check of everyone else.
      const results = await Promise.allSettled(batch.map((u) => checkUser(u.id)));
      results.forEach((result, j) => {
        const userId = batch[j].id;
        if (result.status === 'rejected') {
          const error = result.reason instanceof Error ? result.reason : new Error(String(result.reason));
          failures.push({ userId, error: `${error.name}: ${error.message}` });
          logger.error('ledger not checked', { userId, error });
          return;
        }
        checkedUsers += 1;
        const drift = result.value;
        if (!drift) return;
        drifts.push(drift);
        // The alarm: an ERROR line a metric filter / log alarm picks up. Nothing is repaired.
        logger.error('ledger drift', { alarm: 'LEDGER_DRIFT', ...drift });
      });
    }
  } while (cursor);
  const summary = {
    checkedUsers,
    drifted: drifts.length,
    drifts,
    failed: failures.length,
    failures,
    startedAt,
    finishedAt: new Date().toISOString(),
  };
  if (drifts.length) await notifyDevelopers(developers, drifts, startedAt);
  logger.info('ledger reconciliation finished', { checkedUsers, drifted: drifts.length, failed: failures.length });
  return summary;
}

/**
 * Drift also reaches people: every active developer account gets one notification per
 * run that found drift. The KST day and the drifted users are the dedupe key, so a re-run finding
 * the same drift the same day does not notify again; best-effort, after the checks.
 */
async function notifyDevelopers(developers: string[], drifts: LedgerDrift[], startedAt: string): Promise<void> {
  const userIds = drifts.map((d) => d.userId).sort();
  await notifyQuietly(developers, {
    type: 'error',
    priority: 'high',
    auto_close: false,
    title: reconcileDriftText.title,
    message: reconcileDriftText.message(drifts.length),
    metadata: { drifted: drifts.length, userIds: userIds.slice(0, 50), startedAt },
    dedupeKey: `ledger-drift#${kstDayOf(startedAt)}#${createHash('sha256').update(userIds.join(',')).digest('hex').slice(0, 32)}`,
  });
}
