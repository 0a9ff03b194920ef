import type { AuthSession } from '#shared/schemas/auth';
import * as Auth from '../domain/auth/auth-service';
import * as SecondFactor from '../domain/auth/second-factor';
import { ownDetails, updateOwnDetails } from '../domain/users/details';
import * as Sessions from '../domain/sessions/sessions-service';
import { defineGroup, reply, type RequestContext } from '../http/api-handler';
import { REFRESH_COOKIE, clearedRefreshCookies, refreshCookies } from '../http/cookies';
import { logger } from '#commons/logger';
import { authRoutes } from '#shared/contract/routes/auth';

/** A new session: tokens in the body (the shape API clients read) and the refresh token in the HttpOnly cookie. */
const sessionReply = (session: AuthSession) => reply(session, { cookies: refreshCookies(session.tokens.refreshToken) });

const presentedRefreshToken = (body: { refreshToken?: string }, ctx: RequestContext) =>
  body.refreshToken ?? ctx.cookies[REFRESH_COOKIE];

export const handler = defineGroup(authRoutes, {
  login: async ({ body }, ctx) => {
    const outcome = await Auth.login(body, ctx.ip, ctx.userAgent);
    // A second factor to come: no tokens and no cookie until the code step.
    return 'tokens' in outcome ? sessionReply(outcome) : outcome;
  },

  loginSecondFactor: async ({ body }, ctx) => sessionReply(await Auth.loginSecondFactor(body, ctx.ip, ctx.userAgent)),

  secondFactorStatus: (_, ctx) => SecondFactor.secondFactorStatus(ctx.user),

  startEnrolment: (_, ctx) => SecondFactor.startEnrolment(ctx.user),

  confirmEnrolment: ({ body }, ctx) => SecondFactor.confirmEnrolment(ctx.user, body.code, ctx.ip),

  stepUp: ({ body }, ctx) => SecondFactor.stepUp(ctx.user, body.code, ctx.ip),

  resetOwnSecondFactor: ({ body }, ctx) => SecondFactor.resetOwn(ctx.user, body.recoveryCode, ctx.ip),

  register: async ({ body }, ctx) => sessionReply(await Auth.register(body, ctx.ip, ctx.userAgent)),

  refresh: async ({ body }, ctx) => sessionReply(await Auth.refresh(presentedRefreshToken(body, ctx), ctx.ip)),

  logout: async ({ body }, ctx) => {
    await Auth.logout(presentedRefreshToken(body, ctx));
    return reply({ loggedOut: true }, { cookies: clearedRefreshCookies() });
  },

  me: async (_, ctx) => Auth.me(ctx.user),

  changePassword: async ({ body }, ctx) => {
    await Auth.changePassword(ctx.user, body.currentPassword, body.password);
    return { changed: true };
  },

  updateProfile: async ({ body }, ctx) => Auth.updateProfile(ctx.user, body),

  ownDetails: (_, ctx) => ownDetails(ctx.user),

  updateOwnDetails: ({ body }, ctx) => updateOwnDetails(ctx.user, body),

  switchUser: async ({ body }, ctx) => {
    const session = await Auth.switchUser(ctx.user, body.targetUserId, ctx);
    logger.info('developer switched user', {
      developerId: ctx.user.userId,
      targetUserId: body.targetUserId,
      ip: ctx.ip,
    });
    return sessionReply(session);
  },

  switchBack: async (_, ctx) => {
    const session = await Auth.switchBack(ctx.user, ctx);
    logger.info('developer switched back', { developerId: session.user.id, fromUserId: ctx.user.userId, ip: ctx.ip });
    return sessionReply(session);
  },

  listSessions: (_, ctx) => Sessions.listOwnSessions(ctx.user),

  endSession: ({ path }, ctx) => Sessions.endOwnSession(ctx.user, path.id),

  endOtherSessions: (_, ctx) => Sessions.endOtherOwnSessions(ctx.user),
});
