import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';

let workerKey: string | undefined;

/**
 * Puts the token signing key where the local environment says it is (SIGNING_KEY_FILE), one key per
 * test worker. The product generates a 2048-bit RSA key into a new data directory on first use:
 * ~0.3 s of CPU that every test file paid again (~30 s a run). Each file still has a key
 * file of its own; within a worker they hold the same key.
 */
export function placeSigningKey(path = process.env.SIGNING_KEY_FILE!) {
  workerKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString();
  writeFileSync(path, workerKey, { mode: 0o600 });
}
