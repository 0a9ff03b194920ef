import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingLabels } from '../../shared/messages/settings-page';
import { settingDefaults } from '../../shared/setting-defaults';
import { settingEffects } from '../support/setting-effects';

/**
 * Every setting has a registered test that changes it and observes its effect
 * (test/support/setting-effects.ts). This fails for a setting without one, for a title that no test
 * in the named file carries, and for a test whose body never names the setting (its key, or its
 * label on the settings page).
 */
const root = resolve(import.meta.dirname, '../..');

interface FoundTest {
  title: string;
  body: string;
}

/** The tests of a file: each `it(` / `test(` title (any quote) with the text up to the next one. */
function testsIn(text: string): FoundTest[] {
  const calls = [...text.matchAll(/\b(?:it|test)(?:\.(?:only|skip|concurrent))?\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)];
  return calls.map((call, i) => ({
    title: call[2].replace(/\\(.)/g, '$1'),
    body: text.slice(call.index, calls[i + 1]?.index ?? text.length),
  }));
}

const keys = Object.keys(settingDefaults);

describe('every setting has a test that changes it and observes its effect', () => {
  it('the registry lists every setting key, and only those', () => {
    expect(Object.keys(settingEffects).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s: each registered test exists in its file and names the setting', (key) => {
    const entries = settingEffects[key as keyof typeof settingEffects] ?? [];
    expect(entries.length, `${key} has no registered test`).toBeGreaterThan(0);
    for (const { file, test } of entries) {
      const path = resolve(root, file);
      expect(existsSync(path), `${file} does not exist`).toBe(true);
      const found = testsIn(readFileSync(path, 'utf8')).find((t) => t.title === test);
      expect(found, `${file} has no test titled "${test}"`).toBeDefined();
      const names = [key, settingLabels[key]].filter(Boolean);
      expect(
        names.some((name) => found!.body.includes(name)),
        `"${test}" never names ${key} (or its label '${settingLabels[key]}')`,
      ).toBe(true);
    }
  });
});
