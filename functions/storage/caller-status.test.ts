import { describe, expect, it } from 'vitest';
import { CALLER_STATUS_KEY_PREFIXES } from '#shared/caller-status';
import { accountKey, sessionKey } from './caller-status';

describe('caller status partitions', () => {
  it('the prefixes the WebSocket policy allows are where the keys put accounts and sessions', () => {
    // A renamed key prefix would otherwise deny every WebSocket connection at the IAM policy.
    expect([accountKey('u1'), sessionKey('f1')]).toEqual([
      `${CALLER_STATUS_KEY_PREFIXES[0]}u1`,
      `${CALLER_STATUS_KEY_PREFIXES[1]}f1`,
    ]);
  });
});
