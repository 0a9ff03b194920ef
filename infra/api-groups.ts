/**
 * Each API group's deployment: which handler module serves it, its memory, timeout, table access and
 * extra environment. The routes themselves are the contract's (shared/contract); the type below
 * checks that every contract group has exactly one entry here.
 */
import { ITEM_WRITES, TABLE_READS, type TableAccess } from '#infra/table-access';
import type { GroupName } from '#shared/contract/index';
import type { WorkQueueName } from '#shared/work-queues';

export interface ApiGroup {
  /** Handler module, relative to the project root. */
  entry: string;
  /** Lambda memory; scrypt and bulk work want more than the default. */
  memoryMb?: number;
  timeoutSeconds?: number;
  /**
   * Least privilege by use: the table actions the group's code calls (its bundle's commands and
   * transaction items), granted on the table alone (a query also on its indexes).
   */
  tableAccess: TableAccess;
  /** Extra environment the group needs (names only; values come from the stack). */
  needs?: ReadonlyArray<'signingKey' | 'websocketPush' | 'mediaBucket'>;
  /** Work queues the group enqueues on (infra/work-queues.ts): their URL and SendMessage on them only. */
  sends?: ReadonlyArray<WorkQueueName>;
}

export const apiGroups = {
  // logout and switch-back close the ended session's sockets, so it hears nothing more
  auth: {
    entry: 'functions/api/auth.ts',
    memoryMb: 1024,
    tableAccess: [...TABLE_READS, ...ITEM_WRITES, 'ConditionCheckItem'],
    needs: ['signingKey', 'websocketPush'],
  },
  settings: { entry: 'functions/api/settings.ts', tableAccess: [...TABLE_READS, ...ITEM_WRITES] },
  // charge approved / rejected notify the user: pushes over the WebSocket API
  cash: {
    entry: 'functions/api/cash.ts',
    tableAccess: [...TABLE_READS, ...ITEM_WRITES],
    timeoutSeconds: 30,
    needs: ['websocketPush'],
  },
  fieldConfigs: {
    entry: 'functions/api/field-configs.ts',
    tableAccess: [...TABLE_READS, ...ITEM_WRITES],
  },
  // a refund (PATCH /slots/{id}/status) notifies the owner
  slots: {
    entry: 'functions/api/slots.ts',
    memoryMb: 1024,
    timeoutSeconds: 29,
    tableAccess: [...TABLE_READS, ...ITEM_WRITES, 'BatchWriteItem'],
    needs: ['websocketPush'],
  },
  /**
   * The operator console's slot work (approval, refund preview, stats, issuance, extensions): its own function;
   * approvals, issuance and extensions notify.
   */
  slotAdmin: {
    entry: 'functions/api/slot-admin.ts',
    memoryMb: 1024,
    timeoutSeconds: 29,
    tableAccess: [...TABLE_READS, ...ITEM_WRITES, 'ConditionCheckItem', 'BatchWriteItem'],
    needs: ['websocketPush'],
  },
  // operator console: user management; scrypt for created users and password resets
  // a deactivation, demotion or delete closes the user's sockets, so the account hears nothing more
  users: {
    entry: 'functions/api/users.ts',
    memoryMb: 1024,
    tableAccess: [...TABLE_READS, ...ITEM_WRITES],
    needs: ['websocketPush'],
  },
  // the ranking page (reads only; cached a minute in the Lambda; a cold walk of 10,000 running slots takes ~0.8 s:
  // bench/ranking)
  ranking: { entry: 'functions/api/ranking.ts', memoryMb: 1024, timeoutSeconds: 29, tableAccess: TABLE_READS },
  // rank tracking — worker keys (developers) and the rank-check worker routes (x-api-key)
  rank: {
    entry: 'functions/api/rank.ts',
    memoryMb: 1024,
    timeoutSeconds: 29,
    tableAccess: [...TABLE_READS, ...ITEM_WRITES, 'BatchWriteItem'],
  },
  // announcements and their images (the media bucket: see infra/stacks/api-stack.ts); a pinned urgent one notifies
  // users (push)
  announcements: {
    entry: 'functions/api/announcements.ts',
    tableAccess: [...TABLE_READS, ...ITEM_WRITES],
    needs: ['mediaBucket', 'websocketPush'],
  },
  // notifications — each user's inbox, the operator's send and history; pushes over the WebSocket API;
  // a broadcast's delivery goes through the notification-delivery queue, so the send answers at once
  notifications: {
    entry: 'functions/api/notifications.ts',
    timeoutSeconds: 29,
    tableAccess: [...TABLE_READS, ...ITEM_WRITES],
    needs: ['websocketPush'],
    sends: ['notification-delivery'],
  },
  // support chat — the advertiser's room, the operator inbox; each message and read pushes over the WebSocket API
  chat: {
    entry: 'functions/api/chat.ts',
    tableAccess: [...TABLE_READS, ...ITEM_WRITES],
    needs: ['websocketPush'],
  },
} as const satisfies Record<GroupName, ApiGroup>;

export type { GroupName };
