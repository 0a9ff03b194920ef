import { api } from '@/lib/api-client';

/** The caller's own second factor: enrolment, step-up and removal with a recovery code. */
/** The shared schemas (the server checks with the same), loaded when a code is first typed. */
export const loadSecondFactorSchemas = () => import('#shared/schemas/second-factor');

export const startEnrolment = () => api.call('POST /api/auth/second-factor/enrolment');

export const confirmEnrolment = (code: string) =>
  api.call('POST /api/auth/second-factor/enrolment/confirm', { body: { code } });

export const stepUp = (code: string) => api.call('POST /api/auth/second-factor/step-up', { body: { code } });

export const resetOwnSecondFactor = (recoveryCode: string) =>
  api.call('POST /api/auth/second-factor/reset', { body: { recoveryCode } });
