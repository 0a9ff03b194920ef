import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every reference a reader meets must resolve inside the repository. A section mark points into a document
 * a person who clones the repository does not have, and an issue number into a tracker they may not see:
 * such a comment, test title or doc line says nothing. The reason belongs in the line's own words, and a
 * product decision in docs/decisions.md. This scan reads every tracked text file and names each such line.
 */
const root = normalize(join(import.meta.dirname, '../..'));

/** Generated (docs/api.md is written from the routes) or not ours (the lock file). */
const skipped = new Set(['package-lock.json', 'docs/api.md']);
const binary = /\.(png|jpe?g|gif|webp|ico|xlsx?|fods|pdf|woff2?|ttf|zip|gz)$/i;

// Spelled with escapes so that this file does not find itself.
const sectionMark = '\u00a7';
/** A section mark, or the word issue followed by a number (with or without "#"), in any case. */
const outsideReference = new RegExp(`${sectionMark}|\\bissues?\\s*#?\\s*\\d`, 'i');

/** The part of a line around the reference, so a long table row reads as the words that cite. */
function excerpt(line: string): string {
  const at = line.search(outsideReference);
  const from = Math.max(0, at - 60);
  const to = Math.min(line.length, at + 60);
  return `${from > 0 ? '…' : ''}${line.slice(from, to).trim()}${to < line.length ? '…' : ''}`;
}

/** Each file's citing lines as "line N: …", keyed by the file's path. */
function outsideReferences(files: string[], read: (file: string) => string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of files) {
    const text = read(file);
    if (text.includes('\0')) continue;
    text.split('\n').forEach((line, i) => {
      if (outsideReference.test(line)) (found[file] ??= []).push(`line ${i + 1}: ${excerpt(line)}`);
    });
  }
  return found;
}

describe('references to documents outside the repository', () => {
  it('no tracked file cites a section of an outside document or an issue number', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 })
      .split('\0')
      .filter((f) => f && !skipped.has(f) && !binary.test(f));
    const found = outsideReferences(files, (f) => {
      try {
        return readFileSync(join(root, f), 'utf8');
      } catch {
        return ''; // listed but absent from the work tree (deleted and not yet staged)
      }
    });
    // Grouped by file, each line with its number and the words around the citation.
    expect(found).toEqual({});
  });

  it('finds the citations a reader cannot follow and leaves plain words alone', () => {
    const issue = (n: string) => ['issue', n].join(' ');
    const lines: Record<string, string> = {
      'a.ts': `// design ${sectionMark}8: 93 days max`,
      'b.ts': `it('refuses it (${issue('12')} item 3)')`,
      'c.md': `| Rank keys (${issue('#29')}) |`,
      'd.md': `Before ${['Issues', '23–25'].join(' ')} the SPA was lighter`,
      'e.md': 'The operator issues the advertiser twenty slots; an issue with the socket; 발행 20개',
    };
    const found = outsideReferences(Object.keys(lines), (f) => lines[f]);
    expect(Object.keys(found)).toEqual(['a.ts', 'b.ts', 'c.md', 'd.md']);
    expect(found['b.ts']).toEqual([`line 1: it('refuses it (${issue('12')} item 3)')`]);
  });
});
