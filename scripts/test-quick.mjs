#!/usr/bin/env node
/**
 * The edit loop's test run: types, the unit and web tests, and the integration files a change
 * touches (`npm test` still runs everything before a merge).
 * A change touches an integration file when it is that file, or when a word of a changed path (a
 * feature folder or a file name: `functions/domain/cash/...` gives `cash`) begins the file's name
 * (`cash.test.ts`, `cash-ledger.test.ts`, ...). "Changed" is against the merge base with main,
 * committed or not, plus new files. Usage: npm run test:quick [-- --base=BRANCH] [--list: name the files, run nothing]
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const base = process.argv.find((a) => a.startsWith('--base='))?.slice('--base='.length) ?? 'main';
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

const mergeBase = git('merge-base', base, 'HEAD')[0];
const changed = [
  ...new Set([...git('diff', '--name-only', mergeBase), ...git('ls-files', '--others', '--exclude-standard')]),
];

// Folder names every feature shares: they say nothing about which feature changed.
const generic = new Set(
  'functions domain http storage adapters api ws jobs commons shared schemas contract messages test tests integration support unit web src features components hooks utils lib app index main types infra local scripts docs bench'.split(
    ' ',
  ),
);
const words = new Set(
  changed.flatMap((file) =>
    file
      .replace(/\.(test|spec)?\.?[cm]?[jt]sx?$|\.md$|\.json$/, '')
      .split('/')
      .filter((word) => word.length > 2 && !generic.has(word)),
  ),
);

const integrationDirs = ['test/integration', 'functions/http/middleware'];
const integrationFiles = integrationDirs.flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.posix.join(dir, f)),
);
const touched = integrationFiles.filter((file) => {
  if (changed.includes(file)) return true;
  const name = path.basename(file, '.test.ts');
  return [...words].some((word) => name === word || name.startsWith(`${word}-`) || word.startsWith(`${name}-`));
});

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('close', (code) => resolve(code === 0));
  });

console.log(`test:quick — ${changed.length} files changed since ${base}; integration: ${touched.join(' ') || 'none'}`);
if (process.argv.includes('--list')) process.exit(0);
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const ok =
  (await run('npm', ['run', '--silent', 'typecheck'])) &&
  (await run(process.execPath, [vitest, 'run', '--project', 'unit', '--project', 'web', '--project', 'web-mocks'])) &&
  (touched.length === 0 || (await run(process.execPath, [vitest, 'run', '--project', 'integration', ...touched])));
process.exit(ok ? 0 : 1);
