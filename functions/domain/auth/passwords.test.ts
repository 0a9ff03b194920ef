import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_COST_N, setPasswordCostForTests, verifyPassword } from './passwords';

describe('password hashes', () => {
  afterEach(() => setPasswordCostForTests(PASSWORD_COST_N));

  it('are scrypt at N = 16,384, r = 8, p = 1 with a 16-byte salt', async () => {
    const stored = await hashPassword('secret12');
    const [alg, n, r, p, salt, hash] = stored.split('$');
    expect([alg, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash, 'base64')).toHaveLength(64);
    await expect(verifyPassword('secret12', stored)).resolves.toBe(true);
    await expect(verifyPassword('secret13', stored)).resolves.toBe(false);
  });

  it('check against the cost stored with the hash, whatever cost new hashes get', async () => {
    setPasswordCostForTests(1024);
    const cheap = await hashPassword('비밀번호12');
    expect(cheap.split('$')[1]).toBe('1024');
    setPasswordCostForTests(PASSWORD_COST_N);
    await expect(verifyPassword('비밀번호12', cheap)).resolves.toBe(true);
    // NFKC: the same password typed with a compatibility form still matches.
    await expect(verifyPassword('비밀번호１２', cheap)).resolves.toBe(true);
  });
});
