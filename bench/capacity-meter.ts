import { round } from './stats';

export interface Capacity {
  read: number;
  write: number;
  calls: number;
}

/**
 * Adds up the capacity every DynamoDB call reports (DynamoDB Local answers `ReturnConsumedCapacity`
 * as the service does), through a middleware on the one DocumentClient of the storage modules.
 * Call it after the bench stack has set the environment.
 */
export async function capacityMeter() {
  const { db } = await import('../functions/storage/client');
  const totals: Capacity = { read: 0, write: 0, calls: 0 };
  const add = (
    c: { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number } | undefined,
    command: string,
  ) => {
    if (!c) return;
    // Reads report ReadCapacityUnits or, on plain queries, only CapacityUnits; writes likewise.
    const isWrite = /Put|Update|Delete|BatchWrite|TransactWrite/.test(command);
    totals.read += c.ReadCapacityUnits ?? (isWrite ? 0 : (c.CapacityUnits ?? 0));
    totals.write += c.WriteCapacityUnits ?? (isWrite ? (c.CapacityUnits ?? 0) : 0);
  };
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity ??= 'TOTAL';
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      totals.calls += 1;
      const command = String(context.commandName ?? '');
      for (const c of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) add(c as never, command);
      return out;
    },
    { step: 'initialize', name: 'benchCapacityMeter' },
  );
  return {
    snapshot: (): Capacity => ({ ...totals }),
    since: (before: Capacity): Capacity => ({
      read: round(totals.read - before.read),
      write: round(totals.write - before.write),
      calls: totals.calls - before.calls,
    }),
  };
}
