import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '#commons/store-errors';
import { db, tableName } from './client';
import { keys } from './keys';
import type { TransactItem } from './transactions';

/**
 * One user's second factor: `USER#{id} / SECONDFACTOR`. `pending` from the start of an enrolment until
 * its first code is confirmed, then `active`. Only the domain reads the secret (to check codes); no
 * answer carries it after enrolment. `lastStep` is the last accepted TOTP time step (a code is good
 * once); recovery codes are kept as a string set of hashes, each removed as it is used.
 */
export interface SecondFactorRecord {
  userId: string;
  status: 'pending' | 'active';
  secret: string;
  createdAt: string;
  enrolledAt: string | null;
  lastStep: number | null;
  recoveryHashes: string[];
}

type Stored = Omit<SecondFactorRecord, 'recoveryHashes'> & { recoveryHashes?: Set<string> };

const fromItem = (item: Record<string, unknown>): SecondFactorRecord => {
  const s = item as unknown as Stored;
  return {
    userId: s.userId,
    status: s.status,
    secret: s.secret,
    createdAt: s.createdAt,
    enrolledAt: s.enrolledAt ?? null,
    lastStep: s.lastStep ?? null,
    recoveryHashes: [...(s.recoveryHashes ?? [])],
  };
};

async function conditional(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export const secondFactorsStore = {
  async get(userId: string, opts: { consistent?: boolean } = {}): Promise<SecondFactorRecord | undefined> {
    const out = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.secondFactor(userId), ConsistentRead: opts.consistent }),
    );
    return out.Item ? fromItem(out.Item) : undefined;
  },

  /** Whether the user has a confirmed factor: the status alone (the enrol-only check on every staff request). */
  async isActive(userId: string, opts: { consistent?: boolean } = {}): Promise<boolean> {
    const out = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.secondFactor(userId),
        ConsistentRead: opts.consistent,
        ProjectionExpression: '#status',
        ExpressionAttributeNames: { '#status': 'status' },
      }),
    );
    return out.Item?.status === 'active';
  },

  /** Starts (or restarts) an enrolment with a new secret; false when a confirmed factor is in place. */
  async putPending(userId: string, secret: string, now: string): Promise<boolean> {
    return conditional(() =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.secondFactor(userId),
            entity: 'secondFactor',
            userId,
            status: 'pending',
            secret,
            createdAt: now,
            enrolledAt: null,
            lastStep: null,
          },
          ConditionExpression: 'attribute_not_exists(PK) OR #status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'pending' },
        }),
      ),
    );
  },

  /** Confirms the pending secret the code was checked against; false if it changed or was confirmed meanwhile. */
  async activate(userId: string, secret: string, step: number, recoveryHashes: string[], now: string) {
    return conditional(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.secondFactor(userId),
          UpdateExpression: 'SET #status = :active, enrolledAt = :now, lastStep = :step, recoveryHashes = :hashes',
          ConditionExpression: '#status = :pending AND secret = :secret',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':active': 'active',
            ':pending': 'pending',
            ':now': now,
            ':step': step,
            ':secret': secret,
            ':hashes': new Set(recoveryHashes),
          },
        }),
      ),
    );
  },

  /** Accepts a code's time step once: false when this step (or a later one) was already accepted. */
  async acceptStep(userId: string, step: number): Promise<boolean> {
    return conditional(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.secondFactor(userId),
          UpdateExpression: 'SET lastStep = :step',
          ConditionExpression: '#status = :active AND (attribute_not_exists(lastStep) OR lastStep < :step)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':active': 'active', ':step': step },
        }),
      ),
    );
  },

  /** Uses up one recovery code: false when it is not (or no longer) among the stored hashes. */
  async useRecoveryCode(userId: string, hash: string): Promise<boolean> {
    return conditional(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.secondFactor(userId),
          UpdateExpression: 'DELETE recoveryHashes :used',
          ConditionExpression: '#status = :active AND contains(recoveryHashes, :hash)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':active': 'active', ':hash': hash, ':used': new Set([hash]) },
        }),
      ),
    );
  },

  /** Removes a confirmed factor, in the same transaction as its audit line; fails if there is none. */
  removeActiveItem(userId: string): TransactItem {
    return {
      Delete: {
        TableName: tableName(),
        Key: keys.secondFactor(userId),
        ConditionExpression: '#status = :active',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':active': 'active' },
      },
    };
  },
};
