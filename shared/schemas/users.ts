import { deferred, z } from '../zod';
import { authMessages } from '../messages/auth';
import { userMessages } from '../messages/users';
import { normaliseRole, type Role } from '../roles';
import { PASSWORD_MIN } from './auth';
import type { Pagination } from '../api';

/**
 * User management. The SPA's forms parse with these same schemas, so
 * the dialog and the server's 400 say the same words.
 */
const required = () =>
  z.string({ error: userMessages.requiredMissing }).check(z.trim(), z.minLength(1, userMessages.requiredMissing));

/** Letters and digits only; the add-user field drops other characters as they are typed (`loginIdChars`). */
export const loginIdChars = (value: string) => value.replace(/[^A-Za-z0-9]/g, '');

const passwordSchema = deferred(() =>
  z
    .string({ error: userMessages.requiredMissing })
    .check(
      z.minLength(1, userMessages.requiredMissing),
      z.minLength(PASSWORD_MIN, authMessages.passwordTooShort),
      z.maxLength(200, '비밀번호는 200자 이하로 입력해주세요.'),
    ),
);

/** POST /api/users. A `role` may be sent (older clients do) but a created user is always `user`. */
export const createUserSchema = deferred(() =>
  z.object({
    email: required().check(
      z.maxLength(50, '아이디는 50자 이하로 입력해주세요.'),
      z.regex(/^[A-Za-z0-9]+$/, authMessages.idFormat),
    ),
    password: passwordSchema,
    fullName: required().check(z.maxLength(50, '이름은 50자 이하로 입력해주세요.')),
    role: z.optional(z.string().check(z.maxLength(20))),
  }),
);
export type CreateUserInput = z.input<typeof createUserSchema>;

const roleParam = deferred(() =>
  z.pipe(
    z.enum(['user', 'operator', 'admin', 'developer']),
    z.transform((r) => normaliseRole(r)),
  ),
);

/** PUT /api/users/{id}: only the changed fields; a blank password keeps the old one. */
export const updateUserSchema = deferred(() =>
  z.object({
    fullName: z.optional(required().check(z.maxLength(50, '이름은 50자 이하로 입력해주세요.'))),
    role: z.optional(roleParam),
    isActive: z.optional(z.boolean()),
    password: z
      .pipe(
        z.optional(z.string().check(z.maxLength(200, '비밀번호는 200자 이하로 입력해주세요.'))),
        z.transform((p) => (p ? p : undefined)),
      )
      .check(z.refine((p) => p === undefined || p.length >= PASSWORD_MIN, { message: authMessages.passwordTooShort })),
    /** Sent by some clients; an operator resets passwords without it. */
    currentPassword: z.optional(z.string().check(z.maxLength(200))),
  }),
);
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUserFields = z.output<typeof updateUserSchema>;

/**
 * The user record's bank and business details (`bankInfo`, `business`):
 * where a refund or settlement goes and whom to invoice. Blank fields are stored as ''; a bank account
 * is all three fields or none; a business number is 10 digits, saved as 000-00-00000.
 */
const optionalText = (max: number, message: string) =>
  z._default(z.optional(z.string({ error: message }).check(z.trim(), z.maxLength(max, message))), '');

const bankInfoSchema = deferred(() =>
  z
    .object({
      bankName: optionalText(30, userMessages.bankNameTooLong),
      accountNumber: optionalText(30, userMessages.accountNumberFormat).check(
        z.refine((v) => v === '' || /^\d[\d-]*\d$/.test(v), userMessages.accountNumberFormat),
      ),
      accountHolder: optionalText(30, userMessages.accountHolderTooLong),
    })
    .check(
      z.refine((b) => [b.bankName, b.accountNumber, b.accountHolder].filter(Boolean).length % 3 === 0, {
        message: userMessages.bankInfoIncomplete,
        path: ['accountNumber'],
      }),
    ),
);

const businessSchema = deferred(() =>
  z
    .object({
      businessName: optionalText(50, userMessages.businessNameTooLong),
      businessNumber: z.pipe(
        optionalText(20, userMessages.businessNumberFormat).check(
          z.refine((v) => v === '' || /^\d{3}-?\d{2}-?\d{5}$/.test(v), userMessages.businessNumberFormat),
        ),
        z.transform((v) => (v ? v.replace(/^(\d{3})-?(\d{2})-?(\d{5})$/, '$1-$2-$3') : v)),
      ),
      representative: optionalText(30, userMessages.representativeTooLong),
    })
    .check(
      z.refine((b) => !b.businessNumber || b.businessName, {
        message: userMessages.businessNameRequired,
        path: ['businessName'],
      }),
    ),
);

/** PUT /api/auth/profile/details (own) and PUT /api/users/{id}/details (operator): both parts, whole. */
export const userDetailsSchema = deferred(() => z.object({ bankInfo: bankInfoSchema, business: businessSchema }));
export type UserDetailsInput = z.input<typeof userDetailsSchema>;
export type UserDetails = z.output<typeof userDetailsSchema>;
export type BankInfo = UserDetails['bankInfo'];
export type BusinessInfo = UserDetails['business'];

/** What a user's details read as: blank parts when never saved. */
export const emptyUserDetails = (): UserDetails => ({
  bankInfo: { bankName: '', accountNumber: '', accountHolder: '' },
  business: { businessName: '', businessNumber: '', representative: '' },
});

export const USER_LIST_DEFAULT_LIMIT = 50;
/** The dashboard and the notification recipient picker load up to 1000 users. */
export const USER_LIST_MAX_LIMIT = 1000;

export const userListQuerySchema = deferred(() =>
  z.object({
    search: z._default(z.optional(z.string().check(z.trim(), z.maxLength(100))), ''),
    role: z.pipe(
      z.optional(z.enum(['', 'all', 'user', 'operator', 'admin', 'developer'])),
      z.transform((r) => (r && r !== 'all' ? normaliseRole(r) : undefined)),
    ),
    status: z.pipe(
      z.optional(z.enum(['', 'all', 'active', 'inactive'])),
      z.transform((s) => (s && s !== 'all' ? (s as 'active' | 'inactive') : undefined)),
    ),
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(USER_LIST_MAX_LIMIT)), USER_LIST_DEFAULT_LIMIT),
  }),
);
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const userIdParamSchema = deferred(() =>
  z.object({ id: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
);

/** A row of the user list and the answer of GET /api/users/{id}. */
export interface AdminUserDto {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  role: Role;
  isActive: boolean;
  status: 'active' | 'inactive';
  createdAt: string;
  lastLoginAt: string | null;
  allocated_slots: number;
  used_slots: number;
}

/** GET /api/users/{id}: the row, plus the record's bank and business details (the customer view). */
export type AdminUserDetailDto = AdminUserDto & UserDetails;

export interface UserListDto {
  users: AdminUserDto[];
  pagination: Pagination;
}

export interface UserStatsDto {
  total: number;
  active: number;
  inactive: number;
  byRole: Record<Role, number>;
}

export interface UserLogDto {
  id: string;
  action: 'create' | 'update' | 'deactivate' | 'reactivate' | 'delete';
  description: string;
  changes: Array<{ field: string; old: string | boolean | null; new: string | boolean | null }>;
  actorId: string;
  actorName: string;
  /** The developer acting through user-switch, when there was one. */
  realActorId: string | null;
  createdAt: string;
}
