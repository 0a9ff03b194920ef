import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../infra/constructs/app-function';
import { provideRuntimeModules, synthStage } from '../../infra/rehearsal/assembly';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A cloud assembly of stage `citest`, synthesized once for the run by the real CLI. */
    assemblyDir: string;
    synthStderr: string;
    synthError: string;
  }
}

/**
 * `cdk synth -c stage=citest` once for every test that needs the assembly (the synth test, the
 * bundle sizes, the deploy rehearsal), outside the source tree so bundles cannot reach its packages.
 */
export default async function setup(project: TestProject) {
  // REHEARSAL_ASSEMBLY=<cdk.out outside the project>: reuse an assembly while working on the tests.
  const reuse = process.env.REHEARSAL_ASSEMBLY;
  if (reuse) {
    provideRuntimeModules(reuse, projectRoot);
    project.provide('assemblyDir', reuse);
    project.provide('synthStderr', '');
    project.provide('synthError', '');
    return;
  }
  const root = mkdtempSync(path.join(tmpdir(), 'simple-slot-assembly-'));
  const dir = path.join(root, 'cdk.out');
  let stderr = '';
  let error = '';
  try {
    stderr = await synthStage({ projectRoot, stage: 'citest', outdir: dir });
    provideRuntimeModules(dir, projectRoot);
  } catch (err) {
    error = (err as Error).message;
  }
  project.provide('assemblyDir', dir);
  project.provide('synthStderr', stderr);
  project.provide('synthError', error);
  return () => rmSync(root, { recursive: true, force: true });
}
