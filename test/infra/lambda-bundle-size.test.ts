import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#infra/constructs/app-function';
import { bundleFileName, esbuildOptions } from '#infra/constructs/lambda-bundling';
import { apiGroups } from '#infra/api-groups';

/**
 * Bundle size is deterministic, so it is checked here; import time is not, and lives in
 * `npm run bench lambda-bundles`. Over the limit? Build with `metafile: true` (the bench lists the
 * heaviest packages per bundle): a namespace import (`import { z } from 'zod'`) or a date-fns
 * `format`/`parse` pulls in far more than it looks.
 */
const MAX_API_BUNDLE_BYTES = 250 * 1024;

describe('Lambda bundles', () => {
  it.each(Object.entries(apiGroups))('the %s API bundle stays at most 250 KB minified', async (_group, { entry }) => {
    const result = await build({
      ...esbuildOptions(),
      entryPoints: [path.join(projectRoot, entry)],
      outfile: path.join(projectRoot, 'cdk.out/size-check', bundleFileName()),
      absWorkingDir: projectRoot,
      write: false,
      logLevel: 'error',
    });
    const files = result.outputFiles.map((f) => path.basename(f.path));
    expect(files).toEqual([bundleFileName()]);
    expect(result.outputFiles[0].contents.length).toBeLessThanOrEqual(MAX_API_BUNDLE_BYTES);
  });
});
