import type { z } from '#shared/zod';
import type { ErrorCode } from '#shared/api';
import type { GroupName, Route } from '#shared/contract/index';
import { accessMessages } from '#shared/messages/access';
import { authMessages } from '#shared/messages/auth';
import { cashMessages } from '#shared/messages/cash';
import { chatMessages } from '#shared/messages/chat';
import { commonMessages } from '#shared/messages/common';
import { announcementMessages } from '#shared/messages/announcements';
import { notificationMessages } from '#shared/messages/notifications';
import { rankMessages } from '#shared/messages/rank';
import { rankingMessages } from '#shared/messages/ranking';
import { fieldConfigMessages, settingsMessages } from '#shared/messages/settings';
import { fieldTypeLabels } from '#shared/messages/settings-page';
import { slotAdminMessages } from '#shared/messages/slot-admin';
import { allocationMessages, extensionMessages } from '#shared/messages/slot-allocations';
import { slotFieldMessages, slotMessages, slotQueryMessages, slotStatusMessages } from '#shared/messages/slots';
import { userMessages } from '#shared/messages/users';
import { secondFactorMessages } from '#shared/messages/second-factor';
import { sessionMessages } from '#shared/messages/sessions';
import { CALLER_STATUS_CACHE_MS } from '../../functions/domain/auth/active-account';
import { TEST_NOTIFICATIONS_PER_MINUTE } from '#shared/notification-constants';
import { CHAT_CONTEXT_SLOTS } from '#shared/schemas/chat';
import { LEASE_SECONDS, observationSchema } from '#shared/schemas/rank';
import { rateLimits } from '../../functions/domain/rate-limits';
import { RANKING_CACHE_MS } from '../../functions/domain/ranking-page/ranking';

/**
 * The prose of docs/api.md that the contract does not carry: a one-line summary per route, its domain
 * errors, limits and notes. It lives here, not in the route objects, because every route file is
 * bundled into a Lambda (the slots bundle is at its size limit); test/unit/api-docs.test.ts fails when
 * a route has no note or a note names no route.
 */
export interface RouteError {
  code: ErrorCode;
  /** When it happens, in English. */
  when: string;
  /** The Korean text the envelope's `error` carries, where it is one fixed text. */
  text?: string;
  /** A status other than the code's own (the health check's 503). */
  status?: number;
}

export interface RouteNote {
  summary: string;
  errors?: RouteError[];
  limits?: string[];
  notes?: string[];
  /** What an `Idempotency-Key` does on this route, where it matters (money, bulk writes). */
  idempotent?: string;
  /** A schema the op checks inside the body (each item of a batch), shown as its own table. */
  inner?: { title: string; schema: z.ZodType };
}

type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
export type RouteKey = KeyOf<Route>;

const perHour = (l: { limit: number; windowSeconds: number }) =>
  l.windowSeconds === 3600 ? `${l.limit} an hour` : `${l.limit} per ${l.windowSeconds} s`;
const perMinute = (l: { limit: number; windowSeconds: number }) =>
  l.windowSeconds === 60 ? `${l.limit} a minute` : `${l.limit} per ${l.windowSeconds} s`;

const secondFactorOpen =
  'Open to a staff account that must enrol a second factor and has none: every other signed-in route answers it 403 `SECOND_FACTOR_ENROLMENT` (‘' +
  secondFactorMessages.enrolmentRequired +
  '’).';
const codeThrottled: RouteError = {
  code: 'THROTTLED',
  when: 'too many wrong codes (with `Retry-After`): ‘인증 코드 입력이 너무 많이 틀렸습니다. {n}초 후에 다시 시도해주세요.’',
};
const codeLimits =
  'wrong codes lock like passwords, on their own counters: 5 for one id from one address (30 s, doubling to 15 min), 20 from one address (5 s to 30 s), 50 for one id from anywhere (5 s to 60 s)';
const stepUp: RouteError = {
  code: 'STEP_UP_REQUIRED',
  when: 'the caller has a second factor and this session last proved it over 15 minutes ago: POST /api/auth/second-factor/step-up, then again',
  text: secondFactorMessages.stepUpRequired,
};
const securitySettingErrors: RouteError[] = [
  {
    code: 'FORBIDDEN',
    when: 'a security setting (`staffSecondFactorRequired`) changed by an operator',
    text: secondFactorMessages.securitySettingDeveloperOnly,
  },
  {
    code: 'FORBIDDEN',
    when: '`staffSecondFactorRequired` switched off by a developer without a second factor',
    text: secondFactorMessages.switchOffNeedsFactor,
  },
  stepUp,
];
const cashOff: RouteError = { code: 'CONFLICT', when: '`useCashSystem` is off', text: cashMessages.disabled };
const slotNotFound: RouteError = {
  code: 'NOT_FOUND',
  when: 'no such slot, another user’s slot, or (for its owner) a refunded or deleted one',
  text: slotMessages.slotNotFound,
};
const userNotFound: RouteError = { code: 'NOT_FOUND', when: 'no such user', text: userMessages.userNotFound };
const roomNotFound: RouteError = {
  code: 'NOT_FOUND',
  when: 'no such room, or another user’s room',
  text: chatMessages.roomNotFound,
};
const notificationNotFound: RouteError = {
  code: 'NOT_FOUND',
  when: 'another user’s or an unknown notification; nothing changes',
  text: notificationMessages.notFound,
};
const announcementNotFound: RouteError = {
  code: 'NOT_FOUND',
  when: 'no such announcement',
  text: announcementMessages.notFound,
};
const created = 'Answers 201.';
const rankingOff: RouteError = { code: 'CONFLICT', when: '`featureRanking` is off', text: rankingMessages.disabled };
const chatRate: RouteError = {
  code: 'THROTTLED',
  when: 'over the message rate (with `Retry-After`)',
  text: chatMessages.rateLimited,
};
const chatOff: RouteError = {
  code: 'CONFLICT',
  when: 'an advertiser while `chatEnabled` is off (nothing written; staff may still answer)',
  text: chatMessages.disabled,
};
const chatRateLimit = `${perMinute(rateLimits.chatMessagesPerUser)} per account and ${perMinute(rateLimits.chatMessagesPerAddress)} per client address`;

/** One line per group, under its heading. */
export const groupNotes: Record<GroupName, string> = {
  auth: 'Sessions, the caller’s own account, and a developer acting as a user (user-switch). A new session answers `{user, tokens, actingAs}` and sets the refresh token as an HttpOnly cookie too.',
  settings:
    'Liveness and the system settings: anyone reads them, staff change them, developers see their history and revert. What each setting does: [settings.md](settings.md).',
  cash: 'The prepaid cash balance, its ledger and charge requests. The whole group answers 409 while `useCashSystem` is off.',
  fieldConfigs:
    'The slot registration fields the forms are built from; the `/api/admin` routes are the developer’s field tab.',
  slots: 'Advertisers’ slots; staff use the same routes for any slot. Literal segments win over `{id}`.',
  slotAdmin:
    'The operator console’s slot work: approval, refund and price previews, price edits, pre-allocation issuance and extensions.',
  users:
    'User management for operators and developers (who may change whom: [data-model.md](data-model.md#user-management-who-may-change-whom-and-what-a-delete-keeps)).',
  ranking:
    'The ranking page’s real data, from the running slots’ ranks, never samples. Answers 409 while `featureRanking` is off.',
  rank: 'Rank tracking: worker keys for developers and the routes a rank-check worker calls (the work list, its leases, the checks). How to run a worker: [rank-worker.md](rank-worker.md); the recompute job: [rank-worker.md](rank-worker.md#rank-tracking-in-the-product).',
  announcements:
    'Announcements: users read the live ones, operators manage them and their images. More: [messaging.md](messaging.md#announcements).',
  notifications:
    'In-app notifications: each user’s own inbox, the operator’s sends and history. Pushes and who is told what: [messaging.md](messaging.md#notifications).',
  chat: '1:1 support chat: one room per advertiser, answered by staff as one side. Pushes and limits: [messaging.md](messaging.md#support-chat).',
};

export const routeNotes = {
  // --- auth ---
  'POST /api/auth/login': {
    summary:
      'Signs in with the login id (`email`) and password. An account with a second factor gets `{secondFactorRequired, challenge, expiresIn}` instead of tokens (no cookie): the code step finishes the sign-in.',
    errors: [
      {
        code: 'UNAUTHORIZED',
        when: 'unknown id, wrong password or a deactivated account (all alike)',
        text: authMessages.invalidCredentials,
      },
      {
        code: 'THROTTLED',
        when: 'too many failed attempts (with `Retry-After`): ‘로그인 시도가 너무 많습니다. {n}초 후에 다시 시도해주세요.’',
      },
    ],
    limits: [
      'failed sign-ins lock: 5 for one id from one address (30 s, doubling to 15 min), 20 from one address (5 s to 30 s), 50 for one id from anywhere (5 s to 60 s); the counts reset after an idle hour',
    ],
  },
  'POST /api/auth/register': {
    summary: 'Creates a role-user account and signs it in.',
    errors: [
      { code: 'FORBIDDEN', when: '`registrationEnabled` is off', text: authMessages.registrationClosed },
      { code: 'CONFLICT', when: 'the id is taken', text: authMessages.idTaken },
      { code: 'THROTTLED', when: 'too many sign-ups from one address', text: commonMessages.tooManyRequests },
    ],
    limits: [`${perHour(rateLimits.registrationPerAddress)} per client address`],
  },
  'POST /api/auth/refresh': {
    summary:
      'A new access token for a refresh token (body, else the HttpOnly cookie); the refresh token rotates on every use.',
    errors: [
      { code: 'UNAUTHORIZED', when: 'no refresh token', text: authMessages.noToken },
      { code: 'UNAUTHORIZED', when: 'an unknown, expired or revoked one', text: authMessages.sessionExpired },
    ],
    notes: [
      'A rotated refresh token is accepted again for 10 s (two tabs); reusing it later revokes the whole session family. Sessions end 30 days after sign-in.',
    ],
  },
  'POST /api/auth/logout': {
    summary: 'Revokes the session of the refresh token (body, else the cookie) and clears the cookie.',
  },
  'GET /api/auth/me': {
    summary: 'The caller’s own account, with `actingAs` while a developer acts as a user.',
    notes: [secondFactorOpen],
  },
  'POST /api/auth/login/second-factor': {
    summary:
      'The sign-in’s code step: the password step’s `challenge` with a 6-digit `code` from the authenticator app or one `recoveryCode`; answers the session like login.',
    errors: [
      {
        code: 'UNAUTHORIZED',
        when: 'the challenge is unknown, used or older than 5 minutes',
        text: secondFactorMessages.challengeExpired,
      },
      { code: 'UNAUTHORIZED', when: 'a wrong code', text: secondFactorMessages.codeWrong },
      {
        code: 'UNAUTHORIZED',
        when: 'a code already accepted once (its time step is spent)',
        text: secondFactorMessages.codeReused,
      },
      {
        code: 'UNAUTHORIZED',
        when: 'a wrong or already used recovery code',
        text: secondFactorMessages.recoveryCodeWrong,
      },
      {
        code: 'VALIDATION',
        when: 'neither or both of `code` and `recoveryCode`',
        text: secondFactorMessages.codeOrRecoveryRequired,
      },
      codeThrottled,
    ],
    limits: [codeLimits],
    notes: [
      'A wrong code leaves the challenge for another try within its 5 minutes; the right one takes it (one password step, one session).',
      'A recovery code works once: it is removed as it signs in.',
    ],
  },
  'GET /api/auth/second-factor': {
    summary:
      'The caller’s own second factor: `{enrolled, required, enrolledAt, recoveryCodesLeft}` (`required`: staff while `staffSecondFactorRequired` is on).',
    notes: [secondFactorOpen],
  },
  'POST /api/auth/second-factor/enrolment': {
    summary:
      'Starts (or restarts) an enrolment: a new TOTP secret and its `otpauth://` URI for the QR code. It counts only once a code from it is confirmed.',
    errors: [
      { code: 'CONFLICT', when: 'a confirmed factor is already in place', text: secondFactorMessages.alreadyEnrolled },
      { code: 'FORBIDDEN', when: 'a developer acting as the account', text: secondFactorMessages.notWhileSwitched },
    ],
    notes: [secondFactorOpen, 'The secret is never answered again once the enrolment is confirmed.'],
  },
  'POST /api/auth/second-factor/enrolment/confirm': {
    summary:
      'Confirms the enrolment with the first `code`; answers the ten single-use `recoveryCodes`, shown this once (stored hashed).',
    errors: [
      { code: 'VALIDATION', when: 'a wrong code', text: secondFactorMessages.codeWrong },
      { code: 'CONFLICT', when: 'no enrolment was started', text: secondFactorMessages.noPendingEnrolment },
      { code: 'CONFLICT', when: 'already confirmed', text: secondFactorMessages.alreadyEnrolled },
      { code: 'FORBIDDEN', when: 'a developer acting as the account', text: secondFactorMessages.notWhileSwitched },
      codeThrottled,
    ],
    limits: [codeLimits],
    notes: [
      secondFactorOpen,
      'The account’s other sessions end (one signed in with the password alone must not outlive the factor); this one counts as having just proved it.',
    ],
  },
  'POST /api/auth/second-factor/step-up': {
    summary:
      'The session proves the factor again with a `code`: for 15 minutes it may switch user, reset another’s factor and change security settings.',
    errors: [
      { code: 'VALIDATION', when: 'a wrong or already used code', text: secondFactorMessages.codeWrong },
      codeThrottled,
    ],
    limits: [codeLimits],
  },
  'POST /api/auth/second-factor/reset': {
    summary:
      'Removes the caller’s own factor with one `recoveryCode` (a session alone cannot). Where the factor is required, the account must enrol again before anything else.',
    errors: [
      { code: 'VALIDATION', when: 'a wrong or used recovery code', text: secondFactorMessages.recoveryCodeWrong },
      codeThrottled,
    ],
    limits: [codeLimits],
  },
  'PUT /api/auth/change-password': {
    summary: 'Changes the caller’s password (minimum 6 characters) after checking the current one.',
    errors: [{ code: 'VALIDATION', when: 'the current password is wrong', text: authMessages.currentPasswordWrong }],
  },
  'PUT /api/auth/profile': {
    summary:
      'Updates the caller’s name, and the password (with `confirmPassword`) when the current password is sent with it.',
    errors: [{ code: 'VALIDATION', when: 'the current password is wrong', text: authMessages.currentPasswordWrong }],
  },
  'GET /api/auth/profile/details': {
    summary:
      'The caller’s own bank account (`bankInfo`: bankName, accountNumber, accountHolder) and business details (`business`: businessName, businessNumber, representative); blank strings where never saved.',
  },
  'PUT /api/auth/profile/details': {
    summary:
      'Saves the caller’s bank and business details, both parts whole. A bank account is all three fields or none; a business number is 10 digits, stored as 000-00-00000. A change writes a line to the user’s audit log in the same transaction.',
    errors: [
      { code: 'VALIDATION', when: 'a bank account with a field missing', text: userMessages.bankInfoIncomplete },
      { code: 'VALIDATION', when: 'an account number with other characters', text: userMessages.accountNumberFormat },
      { code: 'VALIDATION', when: 'a business number that is not 10 digits', text: userMessages.businessNumberFormat },
    ],
  },
  'POST /api/auth/switch-user': {
    summary: 'A developer starts a session as another user; the token records the acting developer. Logged.',
    errors: [
      {
        code: 'FORBIDDEN',
        when: 'the caller already acts as someone',
        text: authMessages.switchDeveloperOnly,
      },
      { code: 'VALIDATION', when: 'the target is the caller', text: authMessages.switchSelf },
      { code: 'VALIDATION', when: 'the target account is deactivated', text: authMessages.accountInactive },
      { code: 'NOT_FOUND', when: 'no such user', text: authMessages.switchFailed },
      stepUp,
    ],
  },
  'POST /api/auth/switch-back': {
    summary: 'Ends the acting session and restores the developer’s own session. Logged.',
    errors: [{ code: 'FORBIDDEN', when: 'the session is not an acting one', text: authMessages.switchBackMissing }],
  },
  'GET /api/auth/sessions': {
    summary:
      'The caller’s account’s live sessions (one per sign-in): `{id, userAgent, ip, signedInAt, lastUsedAt, expiresAt, current, developerSwitch}`, the current one first, then by last use.',
    notes: [
      '`userAgent` is the sign-in’s (cut at 512 characters; 내 정보 names the browser, system and PC/모바일/태블릿 from it); `ip` is the last refresh’s address, else the sign-in’s.',
      '`lastUsedAt` is the last refresh (token rotation), written by the rotation itself: no API call writes it, so it lags real use by up to the access token’s 15 minutes.',
      'Sessions a developer holds while acting as the account (user-switch) are listed with `developerSwitch: true`.',
    ],
  },
  'DELETE /api/auth/sessions/{id}': {
    summary:
      'Ends one session of the caller’s own account: its refresh token stops at once, its access tokens at their next request, its sockets are closed. Answers `{ended: 1}`.',
    errors: [
      {
        code: 'NOT_FOUND',
        when: 'the id is not a live session of the caller’s account (another account’s id changes nothing)',
        text: sessionMessages.notFound,
      },
    ],
    notes: [
      `Open in maintenance mode, like signing out. The bound is in security.md (writes at once, reads within ${CALLER_STATUS_CACHE_MS / 1000} s).`,
    ],
  },
  'POST /api/auth/sessions/end-others': {
    summary:
      'Ends every session of the caller’s account except the one this request came with (developer user-switch sessions included). Answers `{ended}`, the count.',
    notes: ['Open in maintenance mode, like signing out.'],
  },

  // --- settings ---
  'GET /api/health': {
    summary: 'Liveness and whether the table answers.',
    errors: [
      {
        code: 'INTERNAL',
        status: 503,
        when: 'while the table does not answer (the health fields as `details`)',
        text: commonMessages.unavailable,
      },
    ],
  },
  'GET /api/system-settings': {
    summary: 'Every setting by category (defaults in `shared/setting-defaults.ts` for keys never written).',
    notes: ['Cached 10 s per function instance; a write clears its own instance’s copy at once.'],
  },
  'PUT /api/system-settings': {
    summary: 'Changes several settings at once, all or nothing; answers every setting by category.',
    errors: [
      {
        code: 'VALIDATION',
        when: 'a wrong value, an unknown key, a category that is not the key’s, a key twice, or `minCashCharge > maxCashCharge`: the headline names the key, `details: [{key, message}]` lists every wrong one',
      },
      {
        code: 'CONFLICT',
        when: 'another admin changed the same setting since it was read',
        text: settingsMessages.changedConcurrently,
      },
      ...securitySettingErrors,
    ],
    notes: [
      'Every change of a value is logged (who, when, old → new) in the same transaction; a write that changes nothing logs nothing.',
    ],
  },
  'GET /api/system-settings/category/{category}': {
    summary: 'The settings of one category.',
    errors: [{ code: 'NOT_FOUND', when: 'an unknown category', text: commonMessages.settingsCategoryNotFound }],
  },
  'GET /api/system-settings/key/{key}': {
    summary: 'One setting: `{key, value, category}`.',
    errors: [{ code: 'NOT_FOUND', when: 'an unknown key', text: commonMessages.settingNotFound }],
  },
  'PUT /api/system-settings/key/{key}': {
    summary: 'Changes one setting; answers `{key, value, category}`.',
    errors: [
      { code: 'VALIDATION', when: 'a value outside the key’s rule (the headline names the key)' },
      { code: 'NOT_FOUND', when: 'an unknown key', text: settingsMessages.unknownKey('{key}') },
      {
        code: 'CONFLICT',
        when: 'another admin changed it since it was read',
        text: settingsMessages.changedConcurrently,
      },
      ...securitySettingErrors,
    ],
  },
  'GET /api/system-settings/history': {
    summary: 'Every settings change, newest first: who, when, old → new, and `revertOf` for a revert.',
  },
  'POST /api/system-settings/history/{id}/revert': {
    summary:
      'Sets the key back to that change’s old value, logged as a new change naming the one it undid (already at that value: nothing written).',
    errors: [
      { code: 'NOT_FOUND', when: 'no such change', text: settingsMessages.changeNotFound },
      ...securitySettingErrors,
    ],
  },

  // --- cash ---
  'GET /api/cash/balance': { summary: 'The caller’s balance `{amount, updatedAt}`.', errors: [cashOff] },
  'GET /api/cash/transactions': {
    summary:
      'Ledger entries, each with `balanceAfter`, filtered by `type`; a user sees their own (a sent `userId` is ignored), operators any user’s.',
    errors: [cashOff],
  },
  'GET /api/cash/stats': {
    summary: 'The cash dashboard counts, from counters kept with every change.',
    errors: [cashOff],
  },
  'POST /api/cash/charge-requests': {
    summary: `A charge request by bank deposit (\`amount\` within \`minCashCharge\`–\`maxCashCharge\`): pending, or approved at once when \`cashAutoApproval\` is on. ${created}`,
    idempotent: 'the same request with the same key answers the first request; nothing is created twice.',
    errors: [
      cashOff,
      { code: 'VALIDATION', when: 'an amount outside the configured range (the text names the range)' },
      { code: 'THROTTLED', when: 'too many requests', text: commonMessages.tooManyRequests },
    ],
    limits: [
      `${perHour(rateLimits.chargeRequestsPerUser)} per user and ${perHour(rateLimits.chargeRequestsPerAddress)} per client address`,
    ],
  },
  'GET /api/cash/charge-requests': {
    summary: 'Charge requests: a user’s own; operators everyone’s, filtered by `status` and `userId`.',
    errors: [cashOff],
  },
  'POST /api/cash/charge-requests/{id}/approve': {
    summary:
      'Approves a pending request: the amount and the bonus (`bonusPercentage` of it) are credited as two ledger entries, once. The user is notified.',
    idempotent: 'a retry of the call that approved it answers the first result; money moves once.',
    errors: [
      cashOff,
      { code: 'NOT_FOUND', when: 'no such request', text: cashMessages.chargeRequestNotFound },
      { code: 'CONFLICT', when: 'the request is no longer pending', text: cashMessages.onlyPending },
      { code: 'CONFLICT', when: 'the operator’s own request', text: cashMessages.ownRequest },
    ],
  },
  'POST /api/cash/charge-requests/{id}/reject': {
    summary: 'Rejects a pending request with a reason. The user is notified.',
    errors: [
      cashOff,
      { code: 'NOT_FOUND', when: 'no such request', text: cashMessages.chargeRequestNotFound },
      { code: 'CONFLICT', when: 'the request is no longer pending', text: cashMessages.onlyPending },
      { code: 'CONFLICT', when: 'the operator’s own request', text: cashMessages.ownRequest },
    ],
  },
  'POST /api/cash/charge-requests/{id}/cancel': {
    summary: 'The owner withdraws their own pending request (operators reject instead).',
    errors: [
      cashOff,
      { code: 'NOT_FOUND', when: 'no such request, or another user’s', text: cashMessages.chargeRequestNotFound },
      { code: 'CONFLICT', when: 'the request is no longer pending', text: cashMessages.onlyPendingCancel },
    ],
  },

  // --- field configs ---
  'GET /api/field-configs': {
    summary: 'Every slot field, disabled ones too, by `display_order` (the forms show the enabled ones).',
  },
  'PUT /api/admin/field-configs': {
    summary:
      'Replaces the whole list: edits, additions, order (`display_order`) and removals in one transaction. The system and core fields must stay, with their type.',
    errors: [
      {
        code: 'VALIDATION',
        when: 'a field fails its rules, a key twice, or a system or core field left out or retyped',
      },
      {
        code: 'VALIDATION',
        when: 'the keyword or URL field retyped (here `keywords`, a text field)',
        text: fieldConfigMessages.coreFieldTypeFixed('keywords', fieldTypeLabels.text),
      },
    ],
  },
  'POST /api/admin/field-configs': {
    summary: `Adds one field, last unless \`display_order\` is given. ${created}`,
    errors: [
      { code: 'VALIDATION', when: 'a key that is reserved or a system field’s, or a core field with another type' },
      { code: 'CONFLICT', when: 'the key exists', text: fieldConfigMessages.keyExists('{field_key}') },
    ],
  },
  'POST /api/admin/field-configs/reset': {
    summary: 'Back to the default fields (`defaultFieldConfigs`); added fields are removed.',
  },
  'DELETE /api/admin/field-configs/{key}': {
    summary: 'Removes one field: `{deleted}`. The URL-derived system fields and the core fields cannot be removed.',
    errors: [
      { code: 'VALIDATION', when: 'a system or core field' },
      { code: 'NOT_FOUND', when: 'no such field', text: fieldConfigMessages.notFound('{key}') },
    ],
  },

  // --- slots ---
  'GET /api/slots': {
    summary:
      'Slots, paged and filtered: a user’s own (refunded and deleted ones left out); staff everyone’s, or one user’s with `userId`.',
    errors: [
      { code: 'VALIDATION', when: 'a user asks for a page size other than 10, 30, 50 or 100' },
      { code: 'FORBIDDEN', when: 'a user names another user’s `userId`', text: slotMessages.notOwner },
      { code: 'VALIDATION', when: '`dateFrom` after `dateTo`', text: slotMessages.dateOrder },
      { code: 'VALIDATION', when: '`slotNumber` not a whole number from 1', text: slotQueryMessages.slotNumberInvalid },
    ],
    notes: [
      'Staff searches across users (`search`, the combined fields, date filters) cover every slot of every status and registration date, through the staff search’s index: [data-model.md](data-model.md) S8s. `search` with `searchType=all` also looks into the configured fields marked `is_searchable`.',
    ],
  },
  'POST /api/slots': {
    summary: `Registers one slot (normal mode): charged \`defaultSlotPrice\` from the balance when the cash system is on, pending until approved unless \`slotAutoApproval\` is on. ${created}`,
    idempotent: 'the same request with the same key answers the first slot; it is charged once.',
    errors: [
      {
        code: 'VALIDATION',
        when: 'a field fails the configured fields’ rules, or a URL that is not a Coupang product URL',
      },
      { code: 'INSUFFICIENT_BALANCE', when: 'the balance is below the price (`details: {required, balance}`)' },
      {
        code: 'CONFLICT',
        when: '`slotOperationMode` is pre-allocation',
        text: slotMessages.registrationInPreAllocation,
      },
      { code: 'CONFLICT', when: 'the account would hold more than `maxSlotsPerUser` (the text names the count)' },
    ],
  },
  'POST /api/slots/bulk': {
    summary:
      'Registers many slots in one request: every row is checked first, blank rows skipped, bad rows reported by row number and never written; the accepted rows are charged in ONE transaction, so nothing is charged for a slot that was not created.',
    idempotent:
      'a retry with the same key replays the first answer (no second charge, no duplicate slots); other rows under a used key: 409.',
    errors: [
      { code: 'VALIDATION', when: 'no rows', text: slotMessages.noRows },
      {
        code: 'INSUFFICIENT_BALANCE',
        when: 'the balance cannot pay for every accepted row: nothing written, `details` still name each bad row',
      },
      { code: 'CONFLICT', when: 'pre-allocation mode, or past `maxSlotsPerUser`: nothing written' },
    ],
    notes: [
      'How rows stay invisible until the charge commits: [data-model.md](data-model.md#slot-bulk-registration-nothing-charged-for-a-slot-that-was-not-created).',
    ],
  },
  'GET /api/slots/count': {
    summary:
      'Slot counts from counters (never a scan): `count` for a status (or all visible), and `allocated`/`used`/`available` held slots; staff may name any `userId` or none (everyone).',
    errors: [{ code: 'FORBIDDEN', when: 'a user names another user’s `userId`', text: slotMessages.notOwner }],
  },
  'PUT /api/slots/user/bulk-update': {
    summary:
      'The same keyword and/or URL for up to 50 of the owner’s selected slots (blank = unchanged); everything is checked first, then written with log lines.',
    errors: [
      { code: 'VALIDATION', when: 'nothing to change', text: slotFieldMessages.bulkEditEmpty },
      { code: 'VALIDATION', when: 'too many keywords', text: slotFieldMessages.tooManyKeywords },
      slotNotFound,
      {
        code: 'CONFLICT',
        when: 'a selected slot is not editable (`details.slotIds`)',
        text: slotMessages.bulkSelectable,
      },
    ],
  },
  'GET /api/slots/allocation/{userId}': {
    summary:
      'A user’s held slots: `allocated_slots`, `used_slots`, `available_slots` (the caller’s own; staff anyone’s).',
    errors: [{ code: 'FORBIDDEN', when: 'a user names another user', text: slotMessages.notOwner }],
  },
  'GET /api/slots/{id}': {
    summary: 'One slot: the caller’s own, or any for staff.',
    errors: [slotNotFound],
    notes: [
      '`rank_measured_at` (ISO, or null when never measured) is when the current `rank` was measured: the newest found / not found check behind it. Older than the `rankDelayHours` setting, the screens show the rank as 측정 지연; the list answers carry the same field.',
    ],
  },
  'PATCH /api/slots/{id}/status': {
    summary:
      'Pause, resume (back to the calendar status), delete (keeping the status it had), restore (staff: `active` on a deleted slot), or refund (staff: `refunded` with `refundReason`; the amount is computed on the server).',
    idempotent: 'a retried status change or refund answers the change it made; a refund credits money once.',
    errors: [
      slotNotFound,
      { code: 'FORBIDDEN', when: 'a user restores a deleted slot', text: slotStatusMessages.restoreStaffOnly },
      { code: 'FORBIDDEN', when: 'a user resumes a slot staff paused', text: slotStatusMessages.resumeStaffHeld },
      { code: 'FORBIDDEN', when: 'a user refunds', text: accessMessages.operatorsOnly },
      {
        code: 'CONFLICT',
        when: 'the slot’s status does not allow the change (e.g. pause of a slot that is not running)',
      },
      { code: 'CONFLICT', when: 'a refund of an already refunded slot', text: slotAdminMessages.alreadyRefunded },
    ],
    notes: [
      'Refund amount, computed by the server alone: price × remaining days (refund day to end date, inclusive) ÷ total days, rounded down to 10 won; a full refund is the operator’s explicit choice. See `GET /api/slots/{id}/refund-preview`.',
    ],
  },
  'PUT /api/slots/{id}/update-fields': {
    summary:
      'Changes a slot’s fields (merged over the stored ones); dates for staff only. A keyword or URL change resets the slot’s ranks in the same update.',
    errors: [
      slotNotFound,
      { code: 'FORBIDDEN', when: 'a user sends dates', text: slotMessages.datesStaffOnly },
      { code: 'CONFLICT', when: 'the slot is not pending, active or paused', text: slotStatusMessages.editNotAllowed },
      { code: 'VALIDATION', when: 'the end date is before the start date', text: slotMessages.dateOrder },
    ],
  },
  'PUT /api/slots/{id}/fill': {
    summary: 'An issued empty slot (pre-allocation) gets its fields; with keyword and URL it starts running.',
    errors: [slotNotFound, { code: 'CONFLICT', when: 'the slot is not empty', text: slotStatusMessages.fillOnlyEmpty }],
  },
  'GET /api/slots/{id}/logs': {
    summary:
      'The slot’s change log, newest first. Staff see every line’s IP address and user agent; an owner only on the lines they made themselves.',
    errors: [slotNotFound],
  },
  'GET /api/slots/{id}/field-values': {
    summary: 'The slot’s field values `{field_key, value}` in form order.',
    errors: [slotNotFound],
  },
  'GET /api/slots/{id}/rank-delete-query': {
    summary:
      'What a keyword or URL change would reset: the current ranks and the number of history days the change deletes. A read: the edit dialogs show its count before such a change, and the update itself resets the ranks.',
    errors: [slotNotFound],
  },
  'DELETE /api/slots/{id}/rank-data': {
    summary: 'Clears the current, yesterday’s and first rank and deletes the rank history: `{message, deletedDays}`.',
    errors: [slotNotFound],
  },
  'GET /api/slots/{id}/rank-history': {
    summary:
      'Daily rank entries (rank, min/avg/max over found checks) between two KST dates, default the last 30 days: `{items, dateRange}`.',
    errors: [
      slotNotFound,
      { code: 'VALIDATION', when: 'the end date is before the start date', text: slotMessages.dateOrder },
      { code: 'VALIDATION', when: 'more than a year', text: slotMessages.rankHistoryRange },
    ],
  },
  'PUT /api/slots/{id}/rank-alert': {
    summary:
      'Sets or clears the slot’s rank alert (owner or staff); the rank job notifies the owner when it fires, never on a suspect run.',
    errors: [slotNotFound],
  },

  // --- slot admin ---
  'POST /api/slots/{id}/approve': {
    summary:
      'Approves a pending slot (`approved: true`, with the approved price) so it runs from this KST day for `slotDurationDays` days, or rejects it with a reason: the price charged at registration goes back in the same transaction, once. With the cash system on, a slot paid at registration is approved at the price it paid (`approvedPrice` may be left out); another price goes through the price edit, which settles the difference. The owner is notified.',
    errors: [
      slotNotFound,
      { code: 'VALIDATION', when: 'no valid price', text: slotMessages.invalidPrice },
      {
        code: 'VALIDATION',
        when: 'the cash system on and a price other than the one paid at registration',
        text: slotMessages.approvePaidPriceOnly(50_000),
      },
      {
        code: 'CONFLICT',
        when: 'the slot is not pending (the same decision again answers the slot as it is)',
        text: slotStatusMessages.approveOnlyPending,
      },
    ],
  },
  'GET /api/slots/system-stats': {
    summary:
      'Slot counts by stored status from the global counters, and `inactive`: slots held by deactivated accounts.',
  },
  'GET /api/slots/{id}/refund-preview': {
    summary: 'What a refund today would credit (`fullRefund=true`: the whole price); nothing written.',
    errors: [slotNotFound, { code: 'CONFLICT', when: 'the slot cannot be refunded (the text says why)' }],
  },
  'GET /api/slots/{id}/price-preview': {
    summary: 'What a price edit would do to money (charge, return or none) and to the balance; nothing written.',
    errors: [
      slotNotFound,
      { code: 'CONFLICT', when: 'the slot’s price cannot be changed', text: slotAdminMessages.priceEditNotAllowed },
    ],
  },
  'PUT /api/slots/{id}/price': {
    summary:
      'Changes the price of an approved slot that still runs; when it was paid from the balance the difference is charged or given back through the ledger. The owner is notified.',
    idempotent: 'the same request again answers the first edit’s result; money moves once per edit.',
    errors: [
      slotNotFound,
      { code: 'VALIDATION', when: 'not a whole number of won above 0', text: slotMessages.invalidPrice },
      { code: 'INSUFFICIENT_BALANCE', when: 'a higher price the balance cannot pay; nothing written' },
      {
        code: 'CONFLICT',
        when: 'the slot is not waiting, active or paused, or has ended',
        text: slotAdminMessages.priceEditNotAllowed,
      },
    ],
    notes: ['The rules: [data-model.md](data-model.md#price-edit-after-approval).'],
  },
  'POST /api/slots/allocate/{userId}': {
    summary: `Issues empty slots to a role user with their work period (pre-allocation mode), with the issuance's history record: both or nothing. ${created}`,
    idempotent: 'a retry with the same key replays the first answer instead of issuing twice.',
    errors: [
      userNotFound,
      { code: 'VALIDATION', when: 'the user is not a role user', text: allocationMessages.onlyUsers },
      { code: 'CONFLICT', when: 'the account is deactivated', text: allocationMessages.inactiveUser },
      {
        code: 'CONFLICT',
        when: '`slotOperationMode` is not pre-allocation',
        text: allocationMessages.onlyPreAllocation,
      },
    ],
  },
  'GET /api/slots/allocation-history': {
    summary: 'Issuances since `dateFrom` (KST) or all, optionally one user’s or one operator’s, sorted and paged.',
  },
  'PATCH /api/slots/allocation-history/{id}/payment': {
    summary: 'Sets an issuance’s paid flag, either way.',
    errors: [{ code: 'NOT_FOUND', when: 'no such issuance', text: allocationMessages.allocationNotFound }],
  },
  'GET /api/slots/by-allocation/{id}': {
    summary: 'The slots of one issuance: the issued ones and the extensions made from them.',
    errors: [{ code: 'NOT_FOUND', when: 'no such issuance', text: allocationMessages.allocationNotFound }],
  },
  'POST /api/slots/{id}/extend': {
    summary:
      'Extends one approved slot (waiting, active or completed; pre-allocation mode) whose end is at most 7 days ahead or past, once: a linked extension slot runs from the day after its end (or today) for the chosen days, auto-approved and marked paid (no cash moves). The owner is notified.',
    errors: [
      slotNotFound,
      {
        code: 'CONFLICT',
        when: '`slotOperationMode` is not pre-allocation',
        text: extensionMessages.onlyPreAllocation,
      },
      { code: 'CONFLICT', when: 'not approved, already extended, no end date, or too early (the text says which)' },
    ],
  },
  'GET /api/slots/{id}/extensions': {
    summary:
      'The extensions of the slot’s chain (its parents’ and its own), newest first: `{items: [{slot_id, slot_number, parent_slot_id, parent_slot_number, extension_days, extended_at, startDate, endDate, displayStatusLabel}]}`; an empty list when it has none (the page says ‘연장 내역이 없습니다.’).',
    errors: [{ code: 'NOT_FOUND', when: 'no such slot, or another user’s', text: slotMessages.slotNotFound }],
  },
  'GET /api/slots/extensions': {
    summary:
      'One user’s extensions (the customer view’s card), newest first and paged: the same rows as `GET /api/slots/{id}/extensions`; an unknown user or one without extensions gets an empty page.',
  },
  'POST /api/slots/extend-bulk': {
    summary:
      'Extends every eligible slot of one issuance (originals and earlier extensions), each exactly once; the answer counts successes and failures.',
    idempotent: 'a retry with the same key replays the first answer (else it would extend the new extensions).',
    errors: [
      {
        code: 'CONFLICT',
        when: '`slotOperationMode` is not pre-allocation',
        text: extensionMessages.onlyPreAllocation,
      },
      { code: 'CONFLICT', when: 'nothing to extend', text: extensionMessages.noneExtendable },
    ],
  },

  // --- users ---
  'GET /api/users': {
    summary: 'Accounts, newest first, searched and filtered by role and status, with each one’s slot counts.',
  },
  'POST /api/users': {
    summary: `Creates an account: always role user, whatever role was sent. Logged and counted. ${created}`,
    errors: [{ code: 'CONFLICT', when: 'the id is taken', text: authMessages.idTaken }],
  },
  'GET /api/users/stats': { summary: 'User counts by role and status, from counters kept with every change.' },
  'GET /api/users/{id}': { summary: 'One account, with its slot counts.', errors: [userNotFound] },
  'PUT /api/users/{id}/details': {
    summary:
      'An operator or developer saves a customer’s bank and business details (the customer view), with the same rules as `PUT /api/auth/profile/details`; logged with the old and new values.',
    errors: [
      userNotFound,
      { code: 'VALIDATION', when: 'a bank account with a field missing', text: userMessages.bankInfoIncomplete },
      { code: 'FORBIDDEN', when: 'an operator saves a developer’s details', text: userMessages.developerDetailsOnly },
    ],
  },
  'PUT /api/users/{id}': {
    summary:
      'Changes only the fields sent and different (name, role, active flag, password). A deactivation, demotion or password reset ends every session of the user.',
    errors: [
      userNotFound,
      {
        code: 'FORBIDDEN',
        when: 'the caller’s own role, active flag or password',
        text: userMessages.cannotChangeSelf,
      },
      {
        code: 'FORBIDDEN',
        when: 'an operator gives or changes the developer role',
        text: userMessages.developerOnlyRole,
      },
    ],
  },
  'DELETE /api/users/{id}': {
    summary:
      'A soft delete: the account is deactivated, leaves the list and the counts and cannot sign in; its ledger, charge requests and slots stay, and its login id is never reused.',
    errors: [
      userNotFound,
      { code: 'FORBIDDEN', when: 'the caller themselves', text: userMessages.cannotDeleteSelf },
      { code: 'FORBIDDEN', when: 'an operator deletes a developer', text: userMessages.developerOnlyRole },
    ],
  },
  'GET /api/users/{id}/logs': {
    summary: 'The account’s change log, newest first (a deleted user’s stays readable).',
    errors: [userNotFound],
  },
  'POST /api/users/{id}/second-factor/reset': {
    summary:
      'A developer removes another person’s second factor: written to the account’s log (who, when), the person’s sessions end and they get a notification; they enrol again at the next sign-in where it is required.',
    errors: [
      { code: 'FORBIDDEN', when: 'the caller is not a developer', text: secondFactorMessages.resetDeveloperOnly },
      {
        code: 'FORBIDDEN',
        when: 'the caller’s own account (that takes a recovery code)',
        text: secondFactorMessages.resetSelf,
      },
      { code: 'NOT_FOUND', when: 'no such user, or no confirmed factor', text: secondFactorMessages.notEnrolled },
      stepUp,
    ],
  },
  'POST /api/users/{id}/sessions/end': {
    summary:
      'Ends every session of the account (all devices sign in again) and closes its sockets; a developer acting as the account through user-switch keeps that session. Answers `{ended}`, the count.',
    errors: [
      userNotFound,
      {
        code: 'FORBIDDEN',
        when: 'the account is a developer’s and the caller is not',
        text: sessionMessages.developerOnly,
      },
      {
        code: 'FORBIDDEN',
        when: 'the account is the caller’s own (내 정보 ends those)',
        text: sessionMessages.endOwnHere,
      },
    ],
  },

  // --- ranking ---
  'GET /api/ranking/keywords': {
    summary: 'The ranking page’s keyword tab, from the running slots’ ranks.',
    errors: [rankingOff],
    notes: [
      `Computed from one walk of the running slots and kept ${RANKING_CACHE_MS / 1000} s per warm function.`,
      'Each entry carries `rank_measured_at` (null when not recorded); an advertiser entry carries `measured_at`, its oldest ranked slot’s.',
    ],
  },
  'GET /api/ranking/advertisers': {
    summary: 'The ranking page’s advertiser tab, from the running slots’ ranks.',
    errors: [rankingOff],
    notes: [`Shares the keyword tab’s ${RANKING_CACHE_MS / 1000} s cache.`],
  },

  // --- rank ---
  'POST /api/rank/worker-keys': {
    summary: `Creates a worker key: \`{id, name, key, prefix, createdAt}\`. The key (\`rk_…\`) is in this answer only; only its sha256 is stored. ${created}`,
    idempotent: 'never replayed (the answer carries the key): the same request again creates another key.',
  },
  'GET /api/rank/worker-keys': {
    summary: 'Every worker key, newest first, without the key itself (`lastUsedAt` is updated at most once a minute).',
  },
  'DELETE /api/rank/worker-keys/{id}': {
    summary: 'Revokes a key at once: its next call is a 401. The record stays, marked revoked.',
    errors: [{ code: 'NOT_FOUND', when: 'no such key', text: rankMessages.workerKeyNotFound }],
  },
  'GET /api/rank/operations': {
    summary:
      'The rank operations screen: coverage of today and the 13 days before (`due` pairs, `pairsChecked`, checks found / not found / failed by reason), the last hour’s checks and failures, each worker key’s last call, checks today and failure rate, the latest recompute runs, and the rank alerts’ state.',
    notes: [
      'Read from counters the observations route keeps as checks arrive (each stored check counted once, a batch sent again not at all): a fixed number of small reads whatever the number of slots.',
      'Failure reasons come from the evidence of a failed check: `blocked` (challenge page, HTTP 403/429), `timeout`, `layout` (no known result list), `load` (another loading fault), `other`.',
    ],
  },
  'GET /api/rank/alerts': {
    summary:
      'The rank alerts firing now (`workerSilent`, `checksFailing`, `coverageShort`) with when each started: the console’s notice asks every minute.',
  },
  'GET /api/rank/work': {
    summary:
      'Today’s (KST) distinct keyword–product pairs of active slots (and waiting ones starting today) without a found or not-found check today, in pair-id order, paged by `cursor` (`nextCursor`, null after the last pair). With `worker` (the process’s name), the page’s pairs are leased to that worker and pairs another worker holds are left out; without it the list is only read.',
    errors: [
      { code: 'VALIDATION', when: 'a bad cursor', text: rankMessages.cursorInvalid },
      { code: 'VALIDATION', when: 'a bad `worker` name', text: rankMessages.workerNameInvalid },
    ],
    notes: [
      `A lease lasts ${LEASE_SECONDS / 60} minutes (\`lease: {worker, seconds, expiresAt}\` in the answer); the worker renews it with \`POST /api/rank/leases\` while it works. A lease is held by the key and the \`worker\` name together, so processes sharing a key split the work too.`,
      'A page may come back shorter than `limit` (another worker took a pair meanwhile) or empty with a `nextCursor`: go on until `nextCursor` is null. `remaining` is an upper bound (checks of pairs past the page are not read).',
      'Each item carries the pair’s `id`, which the lease routes take.',
    ],
  },
  'POST /api/rank/leases': {
    summary:
      'Takes or renews the worker’s leases on today’s pairs `{worker, pairIds}`: `{worker, seconds, expiresAt, held, lost}`. `lost`: pairs another worker holds (live lease) or already checked today; the worker leaves them.',
    errors: [
      { code: 'VALIDATION', when: 'a bad `worker` name', text: rankMessages.workerNameInvalid },
      {
        code: 'VALIDATION',
        when: 'no pair ids, more than 1000, or one not a pair id',
        text: rankMessages.leasePairIdsInvalid,
      },
    ],
    notes: [
      'A free pair, one whose lease ran out, and one the same key and worker hold already are taken; two workers never hold one pair at once (a conditional write per pair).',
      'A worker started with `--shard` claims its share this way, a batch at a time, before checking it.',
    ],
  },
  'POST /api/rank/leases/release': {
    summary:
      'Gives back the worker’s leases on today’s pairs `{worker, pairIds}` it will not check (it is stopping): `{released}`. Leases held by another worker are left alone.',
    errors: [
      { code: 'VALIDATION', when: 'a bad `worker` name', text: rankMessages.workerNameInvalid },
      {
        code: 'VALIDATION',
        when: 'no pair ids, more than 1000, or one not a pair id',
        text: rankMessages.leasePairIdsInvalid,
      },
    ],
  },
  'POST /api/rank/observations': {
    summary:
      'A batch of checks, each `found` / `not_found` / `failed`, checked on its own: `{accepted, rejected, results, rejections: [{index, field, reason}], notes, unleased}`.',
    inner: {
      title: 'Each observation (checked on its own: a bad one is rejected, the others are kept)',
      schema: observationSchema,
    },
    notes: [
      'Idempotent per (pair, `observedAt`); only today’s and yesterday’s (KST) checks are taken.',
      '`imageUrl` is kept only for `https://*.coupangcdn.com` (else dropped with a note).',
      'The hourly `rank-recompute` job turns checks into each slot’s ranks; see [rank-worker.md](rank-worker.md#rank-tracking-in-the-product).',
      'Optional `worker`: the name the worker leased its pairs under. A `failed` check gives back that worker’s lease on its pair (a later round retries it); a found or not-found check keeps it until it runs out. A check of a pair the worker held no live lease on is stored all the same and counted (`unleased` in the answer).',
      'Optional `metrics: [{keyword, productId, itemId?, vendorItemId?, day, impressions, clicks}]`: the day’s totals so far of a pair (today or yesterday, KST); one bad entry refuses the whole batch (400, nothing stored); see [rank-worker.md](rank-worker.md#impressions-clicks-and-ctr).',
    ],
  },

  // --- announcements ---
  'GET /api/announcements': {
    summary:
      'Announcements, pinned first then newest: users get the active ones whose `start_date`…`end_date` (KST, inclusive, empty = open) contain today; `includeInactive=true` lists every one for staff (ignored for users). Users page with `page` (of `limit`, `total` counts them all); the staff list pages with `cursor` (`nextCursor`). Each has `is_read` for the caller.',
  },
  'GET /api/announcements/pinned': { summary: 'The banner’s announcements: pinned, active and within their dates.' },
  'GET /api/announcements/{id}': {
    summary: 'One announcement; opening it counts the caller’s view once (concurrent opens too) and marks it read.',
    errors: [{ ...announcementNotFound, when: 'no such announcement, or (for a user) one they cannot list' }],
  },
  'POST /api/announcements': {
    summary: `Creates an announcement; \`author_name\` is the caller's name and HTML is sanitised on save. ${created}`,
    errors: [{ code: 'VALIDATION', when: 'no title or content', text: announcementMessages.titleAndContentRequired }],
    notes: [
      'Publishing a pinned urgent announcement (or switching one on) notifies every user once (dedupe key `announcement-urgent#{id}`).',
    ],
  },
  'PUT /api/announcements/{id}': {
    summary: 'Changes any subset of the fields (the active and pin toggles send one).',
    errors: [
      announcementNotFound,
      { code: 'VALIDATION', when: 'the end date is before the start date', text: announcementMessages.dateOrder },
    ],
  },
  'DELETE /api/announcements/{id}': {
    summary: 'Deletes an announcement: `{deleted}`.',
    errors: [announcementNotFound],
  },
  'POST /api/announcements/images': {
    summary: `An upload ticket \`{uploadId, url, fields, expiresAt}\` for a PNG, JPEG, WebP or GIF of at most 5 MB: POST the form (\`fields\`, then \`file\`) to \`url\` (on AWS an S3 presigned POST, locally \`/media-upload/{id}\`). ${created}`,
  },
  'POST /api/announcements/images/{uploadId}/confirm': {
    summary:
      'Checks the uploaded bytes (magic numbers must match the declared type; 1 byte–5 MB) and publishes them at `/media/announcements/{id}.{ext}`, the only image path the sanitiser lets through.',
    errors: [
      { code: 'VALIDATION', when: 'the bytes are not the declared type, empty, too large, or not the size declared' },
      {
        code: 'NOT_FOUND',
        when: 'nothing uploaded, or another operator’s ticket',
        text: announcementMessages.imageNotUploaded,
      },
    ],
  },

  // --- notifications ---
  'GET /api/notifications': {
    summary:
      'The caller’s notifications, newest first: their own and the broadcasts sent since their account began, each with their own read and dismissed state, plus `unreadCount`.',
    errors: [{ code: 'VALIDATION', when: 'a bad cursor', text: notificationMessages.cursorInvalid }],
  },
  'GET /api/notifications/unread-count': { summary: 'The caller’s unread count `{count}`, from counters (no scan).' },
  'PUT /api/notifications/{id}/read': {
    summary: 'Marks one read (and dismissed): `{id, read_at, unreadCount}`.',
    errors: [notificationNotFound],
  },
  'PUT /api/notifications/{id}/dismiss': {
    summary: 'Dismisses one (hides its toast) without reading it: `{id, dismissed_at}`.',
    errors: [notificationNotFound],
  },
  'PUT /api/notifications/mark-all-read': { summary: 'Marks every one read: `{updated, unreadCount}`.' },
  'PUT /api/notifications/read-all': {
    summary: 'The same as `PUT /api/notifications/mark-all-read` (another name API clients use).',
  },
  'DELETE /api/notifications/delete-read': { summary: 'Deletes every read one: `{deleted}`.' },
  'DELETE /api/notifications/{id}': {
    summary: 'Deletes one: `{deleted: true, unreadCount}`; a deleted broadcast never comes back for that user.',
    errors: [notificationNotFound],
  },
  'POST /api/notifications/test': {
    summary: `One test notification to the caller only (\`metadata.test\`), for the \`/notification-test\` page. ${created}`,
    errors: [{ code: 'THROTTLED', when: 'too many tests', text: notificationMessages.testThrottled }],
    limits: [`${TEST_NOTIFICATIONS_PER_MINUTE} a minute per user`],
  },
  'POST /api/notifications': {
    summary: `Sends a notification to one user, a list, or \`'all'\` (stored once): \`{groupId, recipientCount}\`. Only active role-user accounts receive it; a sent \`sender\` is ignored. ${created}`,
    errors: [
      { code: 'VALIDATION', when: 'no title or message', text: notificationMessages.titleAndMessageRequired },
      { code: 'VALIDATION', when: 'no recipients', text: notificationMessages.recipientsRequired },
      {
        code: 'VALIDATION',
        when: 'a duration outside 1–30 s in whole seconds',
        text: notificationMessages.durationRange,
      },
    ],
  },
  'GET /api/notifications/all': {
    summary:
      'The send history: one row per send (recipient label, count, read count and rate; users’ own test sends left out), filtered by sender, type and KST dates, and `stats {totalSent, sentToday, totalRecipients, totalRead, readRate}` over the filtered sends.',
  },

  // --- chat ---
  'POST /api/chat/rooms': {
    summary: `The caller’s room: their existing one, else a new one named ‘{이름}님의 문의’. ${created}`,
    errors: [{ code: 'FORBIDDEN', when: 'staff (only advertisers open rooms)', text: chatMessages.usersOnly }, chatOff],
  },
  'GET /api/chat/rooms': {
    summary: `A user’s own room; staff a page of every room, newest activity first (\`limit\`, \`cursor\` = the previous page’s \`nextCursor\`), of one \`status\`, only \`unread=true\` ones, or one \`user\`’s (id, login id or part of the name), with \`totals: {rooms, unread}\`. \`unread_count\` is the caller’s side’s.`,
  },
  'GET /api/chat/rooms/{id}/messages': {
    summary:
      '`{items, hasMore}`, oldest first: `offset` counts back from the newest, `after={messageId}` gives only newer ones (polling); `is_read` = read by the other side.',
    errors: [roomNotFound],
    limits: ['never more than the `chatMaxMessages` setting in one page, whatever `limit` asks'],
  },
  'POST /api/chat/rooms/{id}/messages': {
    summary: `Sends a message (1–2000 characters after trimming); a user’s message reopens a closed or archived room. ${created}`,
    errors: [chatOff, roomNotFound, chatRate],
    limits: [chatRateLimit],
  },
  'POST /api/chat/messages': {
    summary: `The widget’s first message: creates the caller’s room when there is none. \`{room, message}\`. ${created}`,
    errors: [{ code: 'FORBIDDEN', when: 'staff', text: chatMessages.usersOnly }, chatOff, chatRate],
    limits: [chatRateLimit],
  },
  'PUT /api/chat/rooms/{id}/read': {
    summary: 'Marks the other side’s messages read for the caller’s side: `{room_id, read_at, unread_count: 0}`.',
    errors: [roomNotFound],
  },
  'GET /api/chat/unread-count': {
    summary:
      'A user: their room’s unread staff messages; staff: user messages no operator has read, over every room (one counter).',
  },
  'PUT /api/chat/rooms/{id}/status': {
    summary: 'Staff set a room `active`, `closed` or `archived`; both sides are told.',
    errors: [roomNotFound, { code: 'FORBIDDEN', when: 'a role user', text: chatMessages.staffOnly }],
  },
  'GET /api/chat/rooms/{id}/context': {
    summary: `The customer beside the conversation: account, balance (null while the cash system is off), pending charge requests, slot counts, and up to ${CHAT_CONTEXT_SLOTS} running slots with their latest ranks, best first.`,
    errors: [roomNotFound],
  },
  'GET /api/chat/canned-replies': {
    summary: 'The staff’s shared canned replies; a few polite Korean defaults while none are saved.',
  },
  'PUT /api/chat/canned-replies': {
    summary: 'Replaces the shared canned replies (at most 50; title ≤ 40, content ≤ 2000 characters).',
  },
} satisfies Record<RouteKey, RouteNote>;
