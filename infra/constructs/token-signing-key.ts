import { Duration } from 'aws-cdk-lib';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import type { AppFunction } from '#infra/constructs/app-function';
import { statefulRemovalPolicy } from '#infra/stage';

export interface TokenSigningKeyProps {
  stage: string;
}

/**
 * The asymmetric KMS key that signs access tokens (RS256). The private half never leaves KMS:
 * signers call kms:Sign, verifiers build their JWKS from kms:GetPublicKey.
 */
export class TokenSigningKey extends Construct {
  public readonly key: Key;
  /** The `aud` claim of this stage's tokens, so a token from one sandbox is refused by another. */
  public readonly audience: string;

  public constructor(scope: Construct, id: string, props: TokenSigningKeyProps) {
    super(scope, id);
    this.audience = `simple-slot-${props.stage}`;
    this.key = new Key(this, 'Key', {
      description: `Simple Slot ${props.stage}: access token signing`,
      keySpec: KeySpec.RSA_2048,
      keyUsage: KeyUsage.SIGN_VERIFY,
      // Losing the key signs everyone out; production keeps it.
      removalPolicy: statefulRemovalPolicy(props.stage),
      pendingWindow: Duration.days(7),
    });
  }

  /** A function that checks access tokens: public key only. */
  public bindVerifier(fn: AppFunction): void {
    this.key.grant(fn, 'kms:GetPublicKey');
    this.setEnvironment(fn);
  }

  /** A function that issues access tokens (login, refresh, user switch). */
  public bindSigner(fn: AppFunction): void {
    this.key.grant(fn, 'kms:Sign', 'kms:GetPublicKey');
    this.setEnvironment(fn);
  }

  private setEnvironment(fn: AppFunction): void {
    fn.addEnvironment('SIGNING_KEY_SOURCE', 'kms');
    fn.addEnvironment('SIGNING_KEY_ID', this.key.keyArn);
    fn.addEnvironment('TOKEN_AUDIENCE', this.audience);
  }
}
