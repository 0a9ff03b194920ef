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

/**
 * A page `npm run …` writes says so on its first line (an HTML comment naming the command); a page with
 * a generated part marks it with `<!-- …:start (generated … -->` and `<!-- …:end -->`.
 */
const isGenerated = (text: string) => /^<!-- generated\b/i.test(text);
const withoutGeneratedParts = (text: string) =>
  text.replace(/^<!-- [\w-]+:start \(generated[\s\S]*?^<!-- [\w-]+:end -->/gm, '');
/**
 * The spec coverage table is the product checked row by row against the spec documents kept outside the
 * repository: a checklist looked up by row, not read through, so it is held to neither limit below.
 */
const checklists = new Set(['docs/spec-coverage.md']);
/** What a newcomer reads in an afternoon: README and the hand-written docs together. */
const HAND_WRITTEN_BUDGET_BYTES = 200 * 1024;
const MAX_LINE_CHARS = 120;

/** Each hand-written page's text without its generated parts, by path. */
function handWritten(files: string[], read: (f: string) => string): Record<string, string> {
  const pages: Record<string, string> = {};
  for (const f of files) {
    const text = read(f);
    if (checklists.has(f) || isGenerated(text)) continue;
    pages[f] = withoutGeneratedParts(text);
  }
  return pages;
}

/** Lines longer than the limit, as "file:line (n chars)". */
const longLines = (pages: Record<string, string>) =>
  Object.entries(pages).flatMap(([f, text]) =>
    text
      .split('\n')
      .map((line, i) => ({ line: i + 1, chars: [...line].length }))
      .filter((l) => l.chars > MAX_LINE_CHARS)
      .map((l) => `${f}:${l.line} (${l.chars} chars)`),
  );
const bytes = (pages: Record<string, string>) =>
  Object.values(pages).reduce((sum, text) => sum + Buffer.byteLength(text), 0);

describe('README and docs/ size', () => {
  const pages = handWritten(docs, (f) => readFileSync(join(root, f), 'utf8'));

  it(`stay readable in an afternoon: hand-written pages total at most ${HAND_WRITTEN_BUDGET_BYTES / 1024} KB`, () => {
    const sizes = Object.entries(pages)
      .map(([f, text]) => `${f} ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`)
      .join(', ');
    expect(bytes(pages), `hand-written docs: ${sizes}`).toBeLessThanOrEqual(HAND_WRITTEN_BUDGET_BYTES);
  });

  it(`keep every hand-written line within ${MAX_LINE_CHARS} characters, tables included`, () => {
    expect(longLines(pages)).toEqual([]);
  });

  it('tell generated pages and parts from hand-written ones', () => {
    const long = 'x'.repeat(MAX_LINE_CHARS + 1);
    const read = (f: string) =>
      ({
        'a.md': `<!-- Generated by \`npm run docs:api\` -->\n${long}\n`,
        'b.md': `# B\n<!-- cost-model:start (generated by \`npm run cost\`) -->\n${long}\n<!-- cost-model:end -->\nend\n`,
        'c.md': `# C\n${long}\n`,
        'docs/spec-coverage.md': `${long}\n`,
      })[f]!;
    const found = handWritten(['a.md', 'b.md', 'c.md', 'docs/spec-coverage.md'], read);
    expect(Object.keys(found)).toEqual(['b.md', 'c.md']);
    expect(found['b.md']).toBe('# B\n\nend\n');
    expect(longLines(found)).toEqual(['c.md:2 (121 chars)']);
    expect(bytes(found)).toBe(Buffer.byteLength('# B\n\nend\n') + Buffer.byteLength(`# C\n${long}\n`));
  });
});
