import { built, deferred, z } from '../zod';
import { authMessages } from '../messages/auth';
import type { Role } from '../roles';

export const PASSWORD_MIN = 6;

/** Login ids are letters and digits; sent as `email`, the field name API clients already use. */
const loginIdSchema = deferred(() =>
  z
    .string({ error: authMessages.loginRequired })
    .check(z.trim(), z.minLength(1, authMessages.loginRequired), z.maxLength(50, '아이디는 50자 이하로 입력해주세요.')),
);

export const loginSchema = deferred(() =>
  z.object({
    email: loginIdSchema,
    password: z
      .string({ error: authMessages.loginRequired })
      .check(z.minLength(1, authMessages.loginRequired), z.maxLength(200)),
  }),
);
export type LoginInput = z.infer<typeof loginSchema>;

const newPasswordSchema = deferred(() =>
  z
    .string()
    .check(
      z.minLength(PASSWORD_MIN, authMessages.passwordTooShort),
      z.maxLength(200, '비밀번호는 200자 이하로 입력해주세요.'),
    ),
);

const fullNameSchema = deferred(() =>
  z
    .string({ error: authMessages.fullNameRequired })
    .check(
      z.trim(),
      z.minLength(1, authMessages.fullNameRequired),
      z.maxLength(50, '이름은 50자 이하로 입력해주세요.'),
    ),
);

export const registerSchema = deferred(() =>
  z.object({
    email: built(loginIdSchema).check(z.regex(/^[A-Za-z0-9]+$/, authMessages.idFormat)),
    password: newPasswordSchema,
    fullName: fullNameSchema,
    phone: z.optional(z.string().check(z.trim(), z.maxLength(30))),
  }),
);
export type RegisterInput = z.infer<typeof registerSchema>;

/** Refresh token from the body (API clients) or, for the SPA, from the HttpOnly cookie. */
export const refreshSchema = deferred(() =>
  z.object({ refreshToken: z.optional(z.string().check(z.minLength(1), z.maxLength(200))) }),
);

export const changePasswordSchema = deferred(() =>
  z.object({
    currentPassword: z
      .string({ error: authMessages.currentPasswordRequired })
      .check(z.minLength(1, authMessages.currentPasswordRequired)),
    password: newPasswordSchema,
  }),
);

/**
 * Profile: only fullName is editable. When a new password is given the checks run in this
 * order: confirmation matches → minimum length → current password present. Blank = no change, but
 * a confirmation typed without a new password is a mismatch, not a silent name-only save.
 */
export const profileUpdateSchema = deferred(() =>
  z
    .object({
      fullName: fullNameSchema,
      password: z._default(z.optional(z.string().check(z.maxLength(200))), ''),
      confirmPassword: z.optional(z.string().check(z.maxLength(200))),
      currentPassword: z._default(z.optional(z.string().check(z.maxLength(200))), ''),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (!v.password) {
          if (v.confirmPassword)
            ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.passwordMismatch });
          return;
        }
        if (v.confirmPassword !== undefined && v.confirmPassword !== v.password) {
          ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: authMessages.passwordMismatch });
          return;
        }
        if (v.password.length < PASSWORD_MIN) {
          ctx.addIssue({ code: 'custom', path: ['password'], message: authMessages.passwordTooShort });
          return;
        }
        if (!v.currentPassword) {
          ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: authMessages.currentPasswordRequired });
        }
      }),
    ),
);
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const switchUserSchema = deferred(() =>
  z.object({ targetUserId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
);

/** The user as the API returns it (never the password hash). */
export interface UserDto {
  id: string;
  email: string;
  role: Role;
  fullName: string;
  phone: string | null;
  status: 'active' | 'inactive';
  isActive: boolean;
  permissions: string[];
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
}

interface AuthTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

export interface AuthSession {
  user: UserDto;
  tokens: AuthTokens;
  /** Present while a developer acts as another user. */
  actingAs?: { developerId: string; developerEmail: string } | null;
  /** A staff account that must have a second factor and has none: it may only enrol until it does. */
  enrolmentRequired?: boolean;
}

/** GET /auth/me: the signed-in user, and the developer acting as them (null when none). */
export type MeDto = UserDto & { actingAs: AuthSession['actingAs'] };
