import { sign as rsaSign } from 'node:crypto';
import { SignCommand } from '@aws-sdk/client-kms';
import { tokenKey } from './token-key';

/**
 * Signs RS256 JWT signing input with the key token-key.ts describes: on AWS the asymmetric KMS key
 * signs (the private key never leaves KMS); locally the PEM in DATA_DIR does. Only the auth function
 * imports this.
 */
export interface TokenSigner {
  kid: string;
  sign(signingInput: string): Promise<Buffer>;
}

export function tokenSigner(): TokenSigner {
  const key = tokenKey();
  if ('kms' in key) {
    return {
      kid: key.kid,
      async sign(signingInput) {
        const out = await key.kms.send(
          new SignCommand({
            KeyId: key.kid,
            Message: Buffer.from(signingInput),
            MessageType: 'RAW',
            SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256',
          }),
        );
        return Buffer.from(out.Signature!);
      },
    };
  }
  return {
    kid: key.kid,
    sign: async (signingInput) => rsaSign('RSA-SHA256', Buffer.from(signingInput), key.privateKey),
  };
}
