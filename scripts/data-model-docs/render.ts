import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';
import * as keyModule from '../../functions/storage/keys';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const docPath = join(root, 'docs/data-model-keys.md');
const keysPath = join(root, 'functions/storage/keys.ts');

/** The key builder objects of keys.ts, in the order the file declares them. */
const builderObjects = ['keys', 'notificationKeys', 'chatKeys'] as const;

interface Param {
  name: string;
  type: string;
  optional: boolean;
}
interface Builder {
  object: string;
  name: string;
  params: Param[];
  /** The builder's doc comment, on one line. */
  doc: string;
  /** The `// …` comment that opens its group inside the object, if any. */
  group?: string;
  source: string;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A list item cut at spaces outside code into lines of at most `width` characters, continued by two spaces. */
function wrap(item: string, width = 120): string {
  const lines: string[] = [];
  let line = '';
  let inCode = false;
  let word = '';
  const flush = () => {
    if (line && [...line].length + 1 + [...word].length > width) {
      lines.push(line);
      line = `  ${word}`;
    } else line = line ? `${line} ${word}` : word;
    word = '';
  };
  for (const ch of item) {
    if (ch === '`') inCode = !inCode;
    if (ch === ' ' && !inCode) flush();
    else word += ch;
  }
  flush();
  return [...lines, line].join('\n');
}

/** Each property of the builder objects with its parameters and comments, read with the compiler API. */
function readBuilders(text: string): Builder[] {
  const file = ts.createSourceFile(keysPath, text, ts.ScriptTarget.ES2022, true);
  const found: Builder[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || !(builderObjects as readonly string[]).includes(decl.name.text)) continue;
      if (!decl.initializer || !ts.isObjectLiteralExpression(decl.initializer)) continue;
      for (const p of decl.initializer.properties) {
        if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name) || !ts.isArrowFunction(p.initializer)) continue;
        const comments = ts.getLeadingCommentRanges(text, p.getFullStart()) ?? [];
        const texts = comments.map((c) => text.slice(c.pos, c.end));
        const group = texts.filter((c) => c.startsWith('//')).pop();
        const doc = texts.filter((c) => c.startsWith('/**')).pop();
        found.push({
          object: decl.name.text,
          name: p.name.text,
          params: p.initializer.parameters.map((param) => ({
            name: param.name.getText(file),
            type: param.type ? param.type.getText(file) : 'string',
            optional: !!param.questionToken || /\bundefined\b/.test(param.type?.getText(file) ?? ''),
          })),
          doc: doc
            ? oneLine(
                doc
                  .replace(/^\/\*\*|\*\/$/g, '')
                  .split('\n')
                  .map((l) => l.replace(/^\s*\*\s?/, ''))
                  .join(' '),
              )
            : '',
          group: group ? oneLine(group.replace(/^\/\/\s*/, '')) : undefined,
          source: p.initializer.getText(file),
        });
      }
    }
  }
  return found;
}

/**
 * A stand-in for a string argument that prints as `{name}`: lower-casing it says so, and taking its
 * first character (a chat name suffix's partition) names that.
 */
function stringStandIn(name: string) {
  const standIn = new String(`{${name}}`) as string & Record<string, unknown>;
  Object.assign(standIn, {
    toLowerCase: () => `{${name} lower-case}`,
    [Symbol.iterator]: function* () {
      yield `{first character of ${name}}`;
    },
  });
  return standIn;
}

/** Numbers are passed as distinct large values and named again in the result (zero padding shown). */
const numberBase = 987_654_000;

/** Values a builder computes from its arguments (a hash), named by what they are. */
const computed: Array<{ pattern: RegExp; text: string }> = [
  { pattern: /^SLOTSEARCH#\d+$/, text: `SLOTSEARCH#{slotSearchShard(slotId): 0..${keyModule.SLOT_SEARCH_SHARDS - 1}}` },
];

function describeCall(b: Builder, fn: (...args: unknown[]) => unknown, omitOptional: boolean, zero?: string): string {
  const numbers = new Map<string, Param>();
  const args = b.params.map((p, i) => {
    if (omitOptional && p.optional) return undefined;
    if (p.name === zero) return 0;
    if (/\bnumber\b/.test(p.type)) {
      const value = numberBase + i;
      numbers.set(String(value), p);
      return value;
    }
    return stringStandIn(p.name);
  });
  const named = (value: string) => {
    let text = value.replace(/0*(987654\d{3})/g, (whole, n: string) => {
      const p = numbers.get(n);
      if (!p) return whole;
      const width = new RegExp(`String\\(${p.name}\\)\\.padStart\\((\\d+)`).exec(b.source)?.[1];
      return width ? `{${p.name}, ${width} digits}` : `{${p.name}}`;
    });
    for (const c of computed) if (c.pattern.test(text)) text = c.text;
    return text;
  };
  const result = fn(...args);
  if (typeof result === 'string') return `prefix \`${named(result)}\``;
  return Object.entries(result as Record<string, unknown>)
    .map(([attr, value]) => `${attr} \`${named(String(value))}\``)
    .join(', ');
}

const attributesOf = (b: Builder, fn: (...args: unknown[]) => unknown, omitOptional: boolean) => {
  const result = fn(...b.params.map((p) => (omitOptional && p.optional ? undefined : p.type === 'number' ? 1 : 'x')));
  return typeof result === 'string' ? 'string' : Object.keys(result as object).join(',');
};

function renderBuilder(b: Builder): string {
  const objects = keyModule as unknown as Record<string, Record<string, (...args: unknown[]) => unknown>>;
  const fn = objects[b.object]![b.name]!;
  const call = `\`${b.object}.${b.name}(${b.params.map((p) => p.name + (p.optional ? '?' : '')).join(', ')})\``;
  const shapes = [describeCall(b, fn, false)];
  // Without its optional arguments a builder may give another item of the same kind (all issuances vs
  // one operator's); a shorter key of a list (the partition alone) is left out.
  if (b.params.some((p) => p.optional) && attributesOf(b, fn, true) === attributesOf(b, fn, false)) {
    const bare = describeCall(b, fn, true);
    if (bare !== shapes[0]) shapes.push(bare);
  }
  // A sharded counter's shard 0 keeps the key it had before the counter was sharded.
  for (const p of b.params)
    if (p.type === 'number' && b.source.includes(`${p.name} === 0`))
      shapes.push(`${describeCall(b, fn, false, p.name)} (${p.name} 0)`);
  return wrap(`- ${call}: ${shapes.join(' or ')}${b.doc ? `. ${b.doc}` : ''}`);
}

/** docs/data-model-keys.md as `npm run docs:data-model` writes it, formatted as Prettier keeps it. */
export async function renderKeyDocs(): Promise<string> {
  const builders = readBuilders(readFileSync(keysPath, 'utf8'));
  const sections: string[] = [];
  let current = '';
  for (const b of builders) {
    const heading = b.object === 'keys' ? (b.group ?? current) : b.object;
    if (heading !== current || sections.length === 0) {
      // The group comment's first words are the heading; the whole comment follows when it says more.
      const title = (heading || 'keys').split(/[(:;]/)[0]!.trim();
      sections.push(`## ${title}\n${title === heading ? '' : `\n${wrap(heading)}\n`}`);
      current = heading;
    }
    sections.push(renderBuilder(b));
  }
  const text = `<!-- Generated by \`npm run docs:data-model\` from functions/storage/keys.ts: edit that file, never this one. -->

# Table keys

Every key builder of [\`functions/storage/keys.ts\`](../functions/storage/keys.ts), called with named stand-ins:
the exact key and index attributes each one writes or queries, with its comment. Generated by
\`npm run docs:data-model\`; \`test/unit/data-model-docs.test.ts\` fails when this file is not current. The access
patterns and the rules that use these keys: [data-model.md](data-model.md).

${sections.join('\n')}
`;
  const options = await prettier.resolveConfig(docPath);
  return prettier.format(text, { ...options, filepath: docPath });
}
