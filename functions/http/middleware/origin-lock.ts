import { commonMessages } from '#shared/messages/common';
import { DomainError, ForbiddenError } from '#commons/errors';
import { logger } from '#commons/logger';
import { originAllowed } from '../origin-lock';
import { lowerCaseHeaders, type ApiMiddleware } from './api-request';

/** Origin lock: refuses requests that did not come through CloudFront, before anything else. */
export const originLock: ApiMiddleware = {
  before: async (request) => {
    const throughCloudFront = await originAllowed(lowerCaseHeaders(request.event.headers)).catch((error: unknown) => {
      logger.error('origin lock: secret unreadable', { error: error as Error });
      return null;
    });
    if (throughCloudFront === null) throw new DomainError('INTERNAL', commonMessages.internal);
    if (!throughCloudFront) {
      logger.warn('request refused: not through CloudFront');
      throw new ForbiddenError(commonMessages.originRefused);
    }
  },
};
