import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { postPolicySignature, presignedPost, sigV4SigningKey } from '../../adapters/media-store';
import { sniffImageType } from './images';

/** The byte checks and the S3 upload policy of announcement images. */
describe('sniffImageType', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a....', 'latin1'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF87a....', 'latin1'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\u0010\u0000\u0000\u0000WEBPVP8 ', 'latin1'))).toBe('image/webp');
  });

  it('refuses everything else, however it is named: SVG, HTML, a RIFF that is not WebP, a truncated PNG', () => {
    expect(
      sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(sniffImageType(Buffer.from('<!DOCTYPE html><script>'))).toBeNull();
    expect(sniffImageType(Buffer.from('RIFF\u0010\u0000\u0000\u0000WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('S3 presigned POST', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    process.env.AWS_SESSION_TOKEN = 'session-token';
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('derives the SigV4 signing key as AWS documents it, and HMACs the base64 policy with it', () => {
    // AWS's SigV4 documentation example (secret, 20120215, us-east-1, iam) → its published kSigning.
    const key = sigV4SigningKey('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20120215', 'us-east-1', 'iam');
    expect(key.toString('hex')).toBe('f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d');
    const policy = Buffer.from('{"expiration":"2012-02-16T00:00:00Z"}').toString('base64');
    expect(
      postPolicySignature(policy, 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', '20120215', 'us-east-1', 'iam'),
    ).toBe(createHmac('sha256', key).update(policy).digest('hex'));
  });

  it('limits the upload to its key, its declared type and 1 byte to 5 MB, with the session token', () => {
    const now = new Date('2026-11-25T08:00:00Z');
    const ticket = presignedPost({
      bucket: 'simple-slot-t-media-1-ap-northeast-2',
      region: 'ap-northeast-2',
      key: 'uploads/01ARZ3NDEKTSV4RRFFQ69G5FAV',
      contentType: 'image/png',
      expiresAt: new Date(now.getTime() + 600_000),
      size: 4321,
      now,
    });
    expect(ticket.url).toBe('https://simple-slot-t-media-1-ap-northeast-2.s3.ap-northeast-2.amazonaws.com/');
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy, 'base64').toString('utf8'));
    expect(policy.expiration).toBe('2026-11-25T08:10:00.000Z');
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: 'simple-slot-t-media-1-ap-northeast-2' },
        // Exactly the declared size: a file of another length is refused by S3 itself.
        ['content-length-range', 4321, 4321],
        { key: 'uploads/01ARZ3NDEKTSV4RRFFQ69G5FAV' },
        { 'Content-Type': 'image/png' },
        { 'x-amz-credential': 'AKIAIOSFODNN7EXAMPLE/20261125/ap-northeast-2/s3/aws4_request' },
        { 'x-amz-date': '20261125T080000Z' },
        { 'x-amz-security-token': 'session-token' },
      ]),
    );
    expect(ticket.fields['x-amz-signature']).toBe(
      postPolicySignature(
        ticket.fields.Policy,
        'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        '20261125',
        'ap-northeast-2',
      ),
    );
  });
});
