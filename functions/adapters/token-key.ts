import { createPrivateKey, createPublicKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { GetPublicKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { config } from '#commons/config';

/**
 * The access tokens' key as a verifier needs it: its id and public JWK. Every API function verifies,
 * only the auth function signs (token-signer.ts), so signing stays out of the other bundles. On AWS
 * the key is an asymmetric KMS key; locally a PEM generated into DATA_DIR.
 */
interface TokenKey {
  kid: string;
  publicJwk(): Promise<JsonWebKey & { kid: string }>;
}

export type LocalKeyFile = TokenKey & { privateKey: KeyObject };
export type KmsKey = TokenKey & { kms: KMSClient };

const asJwk = (key: Parameters<typeof createPublicKey>[0], kid: string) => ({
  ...createPublicKey(key).export({ format: 'jwk' }),
  kid,
  alg: 'RS256',
  use: 'sig',
});

/** The local PEM, created on first use by whichever function needs it first. */
function localKeyFile(path: string): LocalKeyFile {
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  const privateKey = createPrivateKey(readFileSync(path));
  const kid = `local-${(createPublicKey(privateKey).export({ format: 'jwk' }).n ?? '').slice(0, 16)}`;
  return { kid, privateKey, publicJwk: async () => asJwk(privateKey, kid) };
}

function kmsKey(kid: string, region: string): KmsKey {
  const kms = new KMSClient({ region });
  let jwk: Promise<JsonWebKey & { kid: string }> | undefined;
  return {
    kid,
    kms,
    publicJwk: () =>
      (jwk ??= kms
        .send(new GetPublicKeyCommand({ KeyId: kid }))
        .then((out) => asJwk({ key: Buffer.from(out.PublicKey!), format: 'der', type: 'spki' }, kid))),
  };
}

let cached: { key: string; value: LocalKeyFile | KmsKey } | undefined;

/** The configured key; a `kms` one carries its client, a local one its private key (for the signer). */
export function tokenKey(): LocalKeyFile | KmsKey {
  const c = config();
  const key = `${c.signingKeySource}|${c.signingKeyId ?? c.signingKeyFile}`;
  if (cached?.key === key) return cached.value;
  let value: LocalKeyFile | KmsKey;
  if (c.signingKeySource === 'kms') {
    if (!c.signingKeyId) throw new Error('SIGNING_KEY_ID is required with SIGNING_KEY_SOURCE=kms');
    value = kmsKey(c.signingKeyId, c.region);
  } else {
    if (!c.signingKeyFile) throw new Error('SIGNING_KEY_FILE is required for local token signing');
    value = localKeyFile(c.signingKeyFile);
  }
  cached = { key, value };
  return value;
}
