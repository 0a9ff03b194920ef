import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db } from './client';

/**
 * One write inside a TransactWriteItems call. Storage modules build these so one aggregate's change
 * can commit together with another's (a slot and the charge that pays for it) while each module
 * still owns its own keys. Domain code passes them along without looking inside.
 */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's limit on items in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

export async function transact(items: TransactItem[], clientRequestToken?: string): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: items,
      ...(clientRequestToken ? { ClientRequestToken: clientRequestToken } : {}),
    }),
  );
}

/**
 * A transaction whose conditions may refuse it as a normal outcome (already read, already deleted):
 * true when it committed, false when a condition said no; any other failure is thrown.
 */
export async function transactUnlessRefused(items: TransactItem[]): Promise<boolean> {
  try {
    await transact(items);
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
