import { Duration } from 'aws-cdk-lib';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import type { AppFunction } from '#infra/constructs/app-function';
import { statefulRemovalPolicy } from '#infra/stage';

export interface TokenSigningKeyProps {
  stage: string;
  /**
   * Which key signs (`-c signingKeyRotation=N`, docs/operations.md). KMS does not rotate asymmetric
   * keys, so a rotation is a new key: a new number creates one and the functions move to it.
   */
  rotation?: string;
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
    const rotation = props.rotation ?? '0';
    if (!/^\d{1,4}$/.test(rotation)) throw new Error(`signingKeyRotation must be a number, got "${rotation}"`);
    // Generation 0 keeps the original logical id, so a stage deployed before rotations keeps its key.
    this.key = new Key(this, rotation === '0' ? 'Key' : `Key${rotation}`, {
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
