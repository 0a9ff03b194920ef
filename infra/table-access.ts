/**
 * What each function may do on the single table, declared once per route group, job and work queue
 * (infra/api-groups.ts, infra/schedules.ts, infra/work-queues.ts) and granted by AppFunction. No CDK
 * here: local mode reads the same tables.
 *
 * The DynamoDB actions a function's code calls on the table. A transaction needs no action of its
 * own: each of its items is authorized as the single-item action (Put → PutItem, ConditionCheck →
 * ConditionCheckItem, …). Nothing of the product scans, describes the table or reads its stream.
 */
export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'ConditionCheckItem'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem';

export const TABLE_WRITE_ACTIONS: readonly TableAction[] = [
  'ConditionCheckItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
];
/** Item, batch and key-condition reads: what nearly every function does. */
export const TABLE_READS = ['GetItem', 'BatchGetItem', 'Query'] as const satisfies readonly TableAction[];
/**
 * Single-item writes. Every API group has all three: the HTTP adapter stores a keyed request's answer
 * (UpdateItem) and releases the key of one that failed (DeleteItem).
 */
export const ITEM_WRITES = ['PutItem', 'UpdateItem', 'DeleteItem'] as const satisfies readonly TableAction[];

/**
 * Exactly the actions the function's code uses (an empty list: no table grant; the WebSocket
 * handler's caller grants narrower statements itself). The rehearsal fails on a granted action no
 * rehearsed call used unless infra/unrehearsed-grants.ts lists it with its reason.
 */
export type TableAccess = readonly TableAction[];
