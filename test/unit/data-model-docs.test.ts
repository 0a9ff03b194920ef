import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docPath, renderKeyDocs } from '../../scripts/data-model-docs/render';
import { chatKeys, keys, notificationKeys } from '../../functions/storage/keys';

describe('docs/data-model-keys.md', () => {
  // Reads keys.ts with the compiler API and formats with Prettier: seconds on a loaded machine.
  it('is what `npm run docs:data-model` writes from functions/storage/keys.ts', { timeout: 120_000 }, async () => {
    const checkedIn = readFileSync(docPath, 'utf8');
    expect(checkedIn, 'docs/data-model-keys.md is out of date: run `npm run docs:data-model` and commit it').toBe(
      await renderKeyDocs(),
    );
    // Every builder has its line, so a key added to keys.ts is listed.
    for (const [object, builders] of Object.entries({ keys, notificationKeys, chatKeys }))
      for (const name of Object.keys(builders)) expect(checkedIn).toContain(`\`${object}.${name}(`);
  });

  it('names each argument where it goes into a key, padding and shard 0 included', () => {
    // Long items are wrapped onto several lines: read them as one.
    const text = readFileSync(docPath, 'utf8').replace(/\s+/g, ' ');
    expect(text).toContain('`keys.ledgerEntry(userId, seq)`: PK `USER#{userId}`, SK `CASH#LEDGER#{seq, 12 digits}`');
    expect(text).toContain('SK `SLOTCOUNTS#{shard}` or PK `COUNTERS`, SK `SLOTCOUNTS` (shard 0)');
    expect(text).toContain('PK `LOGIN#{loginId lower-case}`, SK `LOGIN`');
  });
});
