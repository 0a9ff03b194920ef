import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const docs = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)].filter((f) => f.endsWith('.md'));

/** The Markdown of a page without code: a path in a code block or span is not a link. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');

/**
 * Each page's headings, read once: ~150 links point into a handful of pages of up to 280 KB, and
 * reading and scanning a page again for each link took seconds of a loaded machine's 5 s test time.
 */
const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file);
  if (cached) return cached;
  const headings = readFileSync(file, 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l));
  const anchors = new Set(headings.map((l) => slug(l.replace(/^#+ /, ''))));
  anchorCache.set(file, anchors);
  return anchors;
}

/** Every relative link of a page: `[text](target)`, the target without its title. */
function linksOf(file: string): string[] {
  return [...prose(readFileSync(join(root, file), 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1])
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

describe('README and docs/ links', () => {
  it('point at files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of docs) {
      for (const target of linksOf(file)) {
        const [path, anchor] = target.split('#');
        const resolved = path ? join(root, dirname(file), decodeURI(path)) : join(root, file);
        if (!existsSync(resolved)) {
          broken.push(`${file}: ${target} (no ${relative(root, resolved)})`);
          continue;
        }
        if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
          broken.push(`${file}: ${target} (no heading #${anchor} in ${relative(root, resolved)})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('reads links the way a reader follows them', () => {
    // The checker itself: a missing file and a missing heading are both found, code is skipped.
    expect(slug('Price edit after approval (v2)')).toBe('price-edit-after-approval-v2');
    expect(slug('`POST /api/slots`')).toBe('post-apislots');
    expect(prose('see [a](x.md) and `[b](y.md)`')).toBe('see [a](x.md) and ');
  });
});
