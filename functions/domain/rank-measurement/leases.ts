import { kstToday } from '#shared/kst';
import { LEASE_SECONDS, type LeaseClaimDto, type LeaseDto } from '#shared/schemas/rank';
import { logger } from '#commons/logger';
import { rankLeasesStore, type RankLeaseRecord } from '../../storage/rank-leases';
import { rankObservationsStore, type ObservationRecord } from '../../storage/rank-observations';
import type { WorkerIdentity } from './worker-auth';

/**
 * Work leases: the server hands each due pair to one worker process for LEASE_SECONDS, renewed while
 * the worker is busy with it, so any number of workers split a day's work without being told their
 * share. A crashed worker's pairs come back when its leases run out; a failed check gives its pair back
 * at once so a later round can retry it; a found / not-found check keeps its lease until it runs out
 * (the pair has left the work list by then, and the lease covers a read that does not see the check yet).
 */

/** Who holds a lease: the key and the process's own name (one key may serve several processes). */
export const holderOf = (caller: WorkerIdentity, worker: string) => `${caller.keyId}/${worker}`;

export const leaseIsLive = (lease: RankLeaseRecord | undefined, now: Date): lease is RankLeaseRecord =>
  !!lease && lease.expiresAt > now.toISOString();

/** The lease a worker takes now: its record (without day and pair) and what the answer shows of it. */
export function newLease(caller: WorkerIdentity, worker: string, now: Date) {
  const expiresAt = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
  const dto: LeaseDto = { worker, seconds: LEASE_SECONDS, expiresAt };
  const record = {
    holder: holderOf(caller, worker),
    workerKeyId: caller.keyId,
    worker,
    takenAt: now.toISOString(),
    expiresAt,
  };
  return { dto, record };
}

/**
 * POST /rank/leases: takes or renews the caller's leases on today's pairs. A pair another worker holds
 * (live), or one already checked today, is answered as lost: the worker leaves it alone.
 */
export async function claimLeases(
  caller: WorkerIdentity,
  body: { worker: string; pairIds: string[] },
  now = new Date(),
): Promise<LeaseClaimDto> {
  const today = kstToday(now);
  const ids = [...new Set(body.pairIds)];
  const checked = await rankObservationsStore.checkedAmong(today, ids);
  const { dto, record } = newLease(caller, body.worker, now);
  const held = await rankLeasesStore.take(
    today,
    ids.filter((id) => !checked.has(id)),
    record,
    now.toISOString(),
  );
  return { ...dto, held: ids.filter((id) => held.has(id)), lost: ids.filter((id) => !held.has(id)) };
}

/** POST /rank/leases/release: gives back the caller's leases on today's pairs it will not check. */
export async function releaseLeases(
  caller: WorkerIdentity,
  body: { worker: string; pairIds: string[] },
  now = new Date(),
): Promise<{ released: number }> {
  const released = await rankLeasesStore.release(
    kstToday(now),
    [...new Set(body.pairIds)],
    holderOf(caller, body.worker),
  );
  return { released };
}

/**
 * After a batch of checks is stored: each check whose poster held no live lease on its pair is recorded
 * (the check itself counts all the same: the measurement is real), and each failed check gives the
 * poster's lease on its pair back. Answers how many checks came without a lease.
 */
export async function settleLeases(
  caller: WorkerIdentity & { instance?: string },
  stored: ObservationRecord[],
  now: Date,
): Promise<number> {
  if (!stored.length) return 0;
  const holder = holderOf(caller, caller.instance ?? '');
  const leases = await rankLeasesStore.ofPairs(stored);
  const leaseOf = (r: ObservationRecord) => leases.get(`${r.day}#${r.pairId}`);
  const unleased = stored.filter((r) => {
    const lease = leaseOf(r);
    return !(leaseIsLive(lease, now) && lease.holder === holder);
  });
  if (unleased.length) {
    await rankLeasesStore.putUnleased(
      unleased.map((r) => {
        const lease = leaseOf(r);
        return {
          day: r.day,
          pairId: r.pairId,
          observedAt: r.observedAt,
          workerKeyId: caller.keyId,
          worker: caller.instance ?? '',
          heldBy: leaseIsLive(lease, now) ? lease.holder : null,
        };
      }),
    );
    logger.info('rank checks without a lease', {
      workerKeyId: caller.keyId,
      worker: caller.instance,
      count: unleased.length,
    });
  }
  const failedByDay = new Map<string, string[]>();
  for (const r of stored)
    if (r.status === 'failed' && leaseOf(r)?.holder === holder)
      failedByDay.set(r.day, [...(failedByDay.get(r.day) ?? []), r.pairId]);
  for (const [day, pairIds] of failedByDay) await rankLeasesStore.release(day, pairIds, holder);
  return unleased.length;
}
