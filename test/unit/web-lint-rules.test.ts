import { join } from 'node:path';
import { ESLint } from 'eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { describe, expect, it } from 'vitest';

/**
 * Web code is linted with every rule of React's hooks plugin's recommended set (the rules of hooks and
 * the React Compiler's checks: refs read in render, state set in effects, impure render, ...), each an
 * error: a component that breaks one fails `npm run lint` instead of rendering stale or twice.
 */
describe('web lint rules', () => {
  // Loading the whole lint config (its import resolver, every plugin) takes seconds on a loaded machine.
  it("turns on every rule of react-hooks' recommended set as an error for web code", { timeout: 30_000 }, async () => {
    const root = join(import.meta.dirname, '../..');
    const config = await new ESLint({ cwd: root }).calculateConfigForFile(
      join(root, 'web/src/features/slots/components/slots-page.tsx'),
    );
    const recommended = Object.keys(reactHooks.configs.flat.recommended.rules ?? {});
    expect(recommended.length).toBeGreaterThan(10);
    const notErrors = recommended.filter((rule) => {
      const setting = config.rules?.[rule];
      const level = Array.isArray(setting) ? setting[0] : setting;
      return level !== 2 && level !== 'error';
    });
    expect(notErrors).toEqual([]);
  });
});
