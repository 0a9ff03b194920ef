import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt (node:crypto) with a per-user salt. Stored as `scrypt$N$r$p$salt$hash` so cost can change later. */
export const PASSWORD_COST_N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 64;

/**
 * The cost new hashes get. Only the test suite lowers it (test/support/password-cost-setup.ts): its
 * thousands of sign-ups and sign-ins would otherwise spend minutes of CPU in scrypt. A stored hash
 * names its own cost, so checking one never depends on this.
 */
let N = PASSWORD_COST_N;
export function setPasswordCostForTests(n: number): void {
  N = n;
}

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** Burns the same time as a real check, so an unknown id answers as slowly as a wrong password. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
  return false;
}
