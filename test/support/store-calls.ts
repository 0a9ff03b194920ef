import { ulid } from 'ulid';

/** One call the storage modules made: the command, its input and the items it answered. */
export type StoreCall = { command: string; input: Record<string, any>; items: Record<string, any>[] };

/**
 * Every call made on the handlers' one DocumentClient while `work` runs (the local stack runs in
 * the test's process), recorded at the outermost step: what a storage module sent and got back, as
 * plain values. The recorder is removed afterwards, so it never outlives the test.
 */
export async function recordStoreCalls<T>(work: () => Promise<T>): Promise<{ result: T; calls: StoreCall[] }> {
  const { db } = await import('../../functions/storage/client');
  const calls: StoreCall[] = [];
  const name = `record-${ulid()}`;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      const output = (out.output ?? {}) as Record<string, any>;
      const items: Record<string, any>[] = [
        ...(output.Items ?? []),
        ...(output.Item ? [output.Item] : []),
        ...Object.values((output.Responses ?? {}) as Record<string, any[]>).flat(),
      ];
      calls.push({ command: String(context.commandName ?? ''), input: args.input as Record<string, any>, items });
      return out;
    },
    { step: 'initialize', name },
  );
  try {
    return { result: await work(), calls };
  } finally {
    db().middlewareStack.remove(name);
  }
}
