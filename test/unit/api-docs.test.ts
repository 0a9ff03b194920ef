import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '#shared/contract/index';
import { docPath, renderApiDocs } from '../../scripts/api-docs/render';
import { routeNotes } from '../../scripts/api-docs/route-notes';

describe('docs/api.md', () => {
  // Reads the route files with the compiler API and formats with Prettier: seconds on a loaded machine.
  it('is what `npm run docs:api` writes from the contract and the route notes', { timeout: 120_000 }, async () => {
    const expected = await renderApiDocs();
    const checkedIn = readFileSync(docPath, 'utf8');
    expect(checkedIn, 'docs/api.md is out of date: run `npm run docs:api` and commit the result').toBe(expected);
    // Every route of the contract has its section.
    for (const r of routes) expect(checkedIn).toContain(`### \`${routeKey(r)}\``);
  });

  it('has a note for every route and no note for a route that does not exist', () => {
    const keys = new Set(routes.map(routeKey));
    const noted = Object.keys(routeNotes);
    expect(
      [...keys].filter((k) => !noted.includes(k)),
      'routes without a note in scripts/api-docs/route-notes.ts',
    ).toEqual([]);
    expect(
      noted.filter((k) => !keys.has(k)),
      'notes in scripts/api-docs/route-notes.ts that name no route',
    ).toEqual([]);
    for (const [key, note] of Object.entries(routeNotes))
      expect(note.summary.trim(), `${key} has no summary`).not.toBe('');
  });
});
