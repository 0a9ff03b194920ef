import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign as rsaSign,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { config } from '#commons/config';

/**
 * Signs RS256 JWT signing input and publishes the public key as a JWK. On AWS an asymmetric KMS key
 * signs (the private key never leaves KMS); locally a PEM generated into DATA_DIR does.
 */
export interface TokenSigner {
  kid: string;
  sign(signingInput: string): Promise<Buffer>;
  publicJwk(): Promise<JsonWebKey & { kid: string }>;
}

class FileSigner implements TokenSigner {
  readonly kid: string;
  private readonly key: KeyObject;
  constructor(path: string) {
    if (!existsSync(path)) {
      mkdirSync(dirname(path), { recursive: true });
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      writeFileSync(path, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    }
    this.key = createPrivateKey(readFileSync(path));
    const n = createPublicKey(this.key).export({ format: 'jwk' }).n ?? '';
    this.kid = `local-${n.slice(0, 16)}`;
  }
  async sign(signingInput: string) {
    return rsaSign('RSA-SHA256', Buffer.from(signingInput), this.key);
  }
  async publicJwk() {
    return { ...createPublicKey(this.key).export({ format: 'jwk' }), kid: this.kid, alg: 'RS256', use: 'sig' };
  }
}

class KmsSigner implements TokenSigner {
  private readonly kms: KMSClient;
  private jwk?: Promise<JsonWebKey & { kid: string }>;
  constructor(
    readonly kid: string,
    region: string,
  ) {
    this.kms = new KMSClient({ region });
  }
  async sign(signingInput: string) {
    const out = await this.kms.send(
      new SignCommand({
        KeyId: this.kid,
        Message: Buffer.from(signingInput),
        MessageType: 'RAW',
        SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
      }),
    );
    return Buffer.from(out.Signature!);
  }
  publicJwk() {
    this.jwk ??= this.kms.send(new GetPublicKeyCommand({ KeyId: this.kid })).then((out) => ({
      ...createPublicKey({ key: Buffer.from(out.PublicKey!), format: 'der', type: 'spki' }).export({ format: 'jwk' }),
      kid: this.kid,
      alg: 'RS256',
      use: 'sig',
    }));
    return this.jwk;
  }
}

let cached: { key: string; signer: TokenSigner } | undefined;

export function tokenSigner(): TokenSigner {
  const c = config();
  const key = `${c.signingKeySource}|${c.signingKeyId ?? c.signingKeyFile}`;
  if (cached?.key === key) return cached.signer;
  let signer: TokenSigner;
  if (c.signingKeySource === 'kms') {
    if (!c.signingKeyId) throw new Error('SIGNING_KEY_ID is required with SIGNING_KEY_SOURCE=kms');
    signer = new KmsSigner(c.signingKeyId, c.region);
  } else {
    if (!c.signingKeyFile) throw new Error('SIGNING_KEY_FILE is required for local token signing');
    signer = new FileSigner(c.signingKeyFile);
  }
  cached = { key, signer };
  return signer;
}
