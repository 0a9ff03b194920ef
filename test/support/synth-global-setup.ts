import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../infra/constructs/app-function';
import { provideRuntimeModules, synthStage } from '../../infra/rehearsal/assembly';
import type { SynthOutcome } from './synth-outcome';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A cloud assembly of stage `citest`, synthesized once for the run by the real CLI. */
    assemblyDir: string;
    /** Where the synth writes its outcome when it ends (test/support/synth-outcome.ts waits for it). */
    synthOutcomeFile: string;
  }
}

/**
 * `cdk synth -c stage=citest` once for every test that needs the assembly (the synth test, the
 * bundle sizes, the deploy rehearsal), outside the source tree so bundles cannot reach its packages.
 * It runs in the background: Vitest starts no test file before every project's global setup has
 * returned, and the synth's half a minute would hold back all of them; the files that need the
 * assembly wait for its outcome file instead (they run late in the run anyway).
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), 'simple-slot-assembly-'));
  const outcomeFile = path.join(root, 'synth-outcome.json');
  project.provide('synthOutcomeFile', outcomeFile);
  // REHEARSAL_ASSEMBLY=<cdk.out outside the project>: reuse an assembly while working on the tests.
  const reuse = process.env.REHEARSAL_ASSEMBLY;
  if (reuse) {
    provideRuntimeModules(reuse, projectRoot);
    project.provide('assemblyDir', reuse);
    writeOutcome(outcomeFile, { stderr: '', error: '' });
    return () => rmSync(root, { recursive: true, force: true });
  }
  const dir = path.join(root, 'cdk.out');
  project.provide('assemblyDir', dir);
  const synth = synthStage({ projectRoot, stage: 'citest', outdir: dir }).then(
    (stderr) => {
      provideRuntimeModules(dir, projectRoot);
      writeOutcome(outcomeFile, { stderr, error: '' });
    },
    (err: Error) => writeOutcome(outcomeFile, { stderr: '', error: err.message }),
  );
  return async () => {
    await synth;
    rmSync(root, { recursive: true, force: true });
  };
}

/** Written whole under another name, then renamed: a reader never sees half a file. */
function writeOutcome(file: string, outcome: SynthOutcome) {
  writeFileSync(`${file}.tmp`, JSON.stringify(outcome));
  renameSync(`${file}.tmp`, file);
}
