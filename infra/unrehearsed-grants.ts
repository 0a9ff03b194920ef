/** A grant the rehearsal does not exercise, kept on purpose: which functions, which actions, why. */
export interface UnrehearsedGrant {
  functions: readonly string[];
  actions: readonly string[];
  reason: string;
}

/**
 * Grants the deploy rehearsal's run does not exercise, kept because the function's code calls them
 * on a path the run does not take. `npm run rehearse` fails on any other granted action no rehearsed
 * call used, and on an entry here that no longer matches a grant. Functions are named
 * `<stack>/<service>` as the rehearsal reports them.
 */
const PUSHERS = ['Api/auth', 'Api/slots', 'Api/users', 'Api/announcements', 'Api/notifications'] as const;
const NOTIFYING_JOBS = ['Jobs/ledger-reconcile', 'Jobs/expiry', 'Jobs/rank-ops-alerts', 'Work/rank-recompute'] as const;

export const unrehearsedGrants: readonly UnrehearsedGrant[] = [
  {
    functions: [
      'Api/settings',
      'Api/cash',
      'Api/fieldConfigs',
      'Api/slots',
      'Api/slotAdmin',
      'Api/users',
      'Api/rank',
      'Api/announcements',
      'Api/notifications',
      'Api/chat',
    ],
    actions: ['dynamodb:DeleteItem'],
    reason:
      "The HTTP adapter releases the Idempotency-Key of a request that failed (or whose answer holds a secret or a session) so the same request may run again (functions/domain/idempotency/request-keys.ts); every keyed request of the run succeeds. Some groups also delete on their own: a field config, a read notification, a rank lease, an announcement, a chat room's old name entry.",
  },
  {
    functions: ['Api/settings'],
    actions: ['dynamodb:UpdateItem'],
    reason:
      'The HTTP adapter keeps the answer of a request sent with an Idempotency-Key for its retries (any route); the run changes settings without a key.',
  },
  {
    functions: [...PUSHERS, ...NOTIFYING_JOBS],
    actions: ['execute-api:ManageConnections'],
    reason:
      "Posts to (or closes) the sockets of the people an event concerns; the run's one socket is the advertiser's, and these events do not reach it: auth and users close an ended session's sockets, slots notifies a refund, announcements a pinned urgent notice, notifications a direct send, rank-recompute a rank alert, the jobs a ledger drift, an ending slot or a measuring problem.",
  },
  {
    functions: ['Work/notification-delivery', ...NOTIFYING_JOBS],
    actions: ['dynamodb:DeleteItem'],
    reason:
      "A push that meets a socket already gone (410) deletes its connection item (functions/adapters/push.ts); the run's socket is open whenever it is pushed to.",
  },
  {
    functions: ['Api/auth'],
    actions: ['dynamodb:ConditionCheckItem'],
    reason:
      'A refresh token presented again within the 10 s grace (two tabs) rotates only while the old one was used in that window: a transaction guarded by a condition check on it. The run refreshes no token.',
  },
  {
    functions: ['Api/bootstrap'],
    actions: ['dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem'],
    reason:
      "The deploy's backfills write only on a table from an older version: an announcement's missing list summary (put only while the announcement is unchanged: a condition check) and a chat room's renamed search entry (the old one deleted); the rehearsal's table is new.",
  },
  {
    functions: ['Api/slotAdmin'],
    actions: ['dynamodb:ConditionCheckItem', 'dynamodb:BatchWriteItem'],
    reason:
      'Pre-allocation (issuing slots to an advertiser) writes the slots in batches and lands only while the account is live (a condition check on the user); the run registers and approves one slot and issues none.',
  },
  {
    functions: ['Api/slots'],
    actions: ['dynamodb:BatchWriteItem'],
    reason: 'Bulk registration writes its rows in batches of 25; the run registers a single slot.',
  },
  {
    functions: ['Api/fieldConfigs'],
    actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
    reason:
      "The operator's field configuration edits (add, change, reset under /api/admin/field-configs); the run only reads the configuration.",
  },
  {
    functions: ['Api/users'],
    actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
    reason:
      "The operator's user management (create, edit, deactivate, reset a password); the run's advertiser registers through auth and the run only lists users.",
  },
  {
    functions: ['Jobs/ledger-reconcile'],
    actions: ['dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    reason:
      "Only when a ledger drifts: the developers' notice and unread count are written and each staff socket's account and session is checked before the push; the run's ledger adds up.",
  },
  {
    functions: ['Jobs/expiry'],
    actions: ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
    reason:
      "Only when an issued slot passed its end unfilled (expired with its counters) or a slot ends in 3 or 1 days (the owner's '만료 예정' notice); the run's one slot runs 30 days from today.",
  },
  {
    functions: ['Jobs/slot-status'],
    actions: [
      'dynamodb:BatchGetItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ],
    reason:
      "Only when a slot's dates cross the day (waiting to active to completed, with its log line and counters) or a bulk never committed (its rows deleted); the run's one slot is already active and runs 30 days.",
  },
  {
    functions: ['Jobs/rank-ops-alerts'],
    actions: ['dynamodb:GetItem', 'dynamodb:PutItem'],
    reason:
      "Only when rank measuring is in trouble (no worker calling, checks failing, too little of today checked): the episode's alert state and the staff notices; the run's worker has just checked its one pair.",
  },
];
