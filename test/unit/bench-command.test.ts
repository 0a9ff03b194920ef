import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const run = promisify(execFile);

describe('npm run bench <name>', () => {
  it('fails on a name it does not know and lists the benches there are', async () => {
    const answer = await run(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'lighthuose'], { cwd: root }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(answer.code).not.toBe(0);
    expect(answer.stderr).toContain('Unknown bench "lighthuose"');
    for (const name of ['lighthouse', 'screens', 'first-load-js', 'slots-bulk']) expect(answer.stderr).toContain(name);
    // Nothing was measured, so no results file was written.
    expect(() => readFileSync(`${root}bench/results/lighthuose.json`)).toThrow();
  });
});
