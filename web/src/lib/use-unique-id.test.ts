import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const srcRoot = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('ids for labels and aria wiring', () => {
  it("come from useUniqueId, never React's useId (Preact's repeats them across portals and reopened dialogs)", () => {
    const offenders = sourceFiles(srcRoot).filter((file) =>
      /import\s*\{[^}]*\buseId\b[^}]*\}\s*from\s*'react'/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
