import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

// Lambda runs Node 22; this machine's Node 20 makes the AWS SDK warn in every worker.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Metric lines (EMF) only matter to CloudWatch; tests that check them switch them back on.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

/** Tests that need the synthesized cloud assembly (test/support/synth-global-setup.ts). */
const rehearsalFiles = [
  'test/rehearsal/**/*.test.ts',
  'test/infra/synth.test.ts',
  'test/infra/lambda-bundle-size.test.ts',
];

const webSrc = fileURLToPath(new URL('./web/src', import.meta.url));

/** Web test files that replace a module with vi.mock() (they run isolated: see the web-mocks project). */
const webTestsThatMockModules = readdirSync(webSrc, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(join(webSrc, file), 'utf8').includes('vi.mock('))
  .map((file) => `web/src/${file.split(sep).join('/')}`);

const webProject = {
  plugins: [react()],
  resolve: { alias: [{ find: '@', replacement: webSrc }] },
  test: {
    environment: 'jsdom',
    setupFiles: ['test/support/web-setup.ts'],
    // jsdom renders, typed input and lazy chunks on two shared cores: 5 s cut healthy tests off.
    testTimeout: 15_000,
  },
};

/**
 * One `vitest run` for everything; each project picks its files and environment.
 * integration and browser share one DynamoDB Local started by the global setup; each test file
 * creates its own table, so files run in parallel without seeing each other's data.
 */
export default defineConfig({
  test: {
    // One file more than the cores (vitest's default is cores − 1): integration files and journeys
    // wait on DynamoDB Local, HTTP and Chromium, and the third file fills that wait. With the suite's
    // CPU cut (cheaper test hashes, one DynamoDB Local) three at a time keep 2 cores ~98 % busy and
    // finish in 8.1 min against 9.8 min for two (docs/performance.md, test suite).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'unit',
          // Pure functions: one worker keeps its modules between files instead of importing them again.
          isolate: false,
          include: ['test/unit/**/*.test.ts', 'shared/**/*.test.ts', 'functions/**/*.test.ts'],
          // The API middlewares' tests read and write a real table: they run with the integration tests.
          exclude: [...configDefaults.exclude, 'functions/http/middleware/**'],
          environment: 'node',
          // Product code logs here too: its lines go to a file like the stacks' (test/support/stack-logs.ts).
          setupFiles: ['test/support/stack-logs.ts'],
        },
      },
      {
        ...webProject,
        test: {
          ...webProject.test,
          name: 'web',
          // One jsdom per worker instead of one per file, and React and the features imported once:
          // the web project took ~200 s of CPU isolated and ~60 s not. Tests clean up after
          // themselves (test/support/web-setup.ts) and give swr a fresh cache where they share keys.
          isolate: false,
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...webTestsThatMockModules],
        },
      },
      {
        ...webProject,
        test: {
          ...webProject.test,
          // A vi.mock() only reaches modules imported after it: in a shared worker the real module
          // may already be loaded by an earlier file, so these files get a fresh one each.
          name: 'web-mocks',
          include: webTestsThatMockModules,
        },
      },
      {
        test: {
          name: 'integration',
          // Each file has its own table and server, so a worker keeps the handlers imported between
          // files (~80 s of CPU less than importing them per file). Process-wide caches are keyed by
          // table for this (e.g. domain/slots/staff-list.ts).
          isolate: false,
          include: ['test/integration/**/*.test.ts', 'functions/http/middleware/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/support/stack-logs.ts', 'test/support/password-cost-setup.ts'],
          globalSetup: ['test/support/dynamo-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          isolate: false, // as integration
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/support/stack-logs.ts', 'test/support/password-cost-setup.ts'],
          globalSetup: ['test/support/dynamo-global-setup.ts', 'test/support/chromium-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Journeys run beside the other projects' files (they share one Chromium, a context per
          // file: test/support/chromium-global-setup.ts). So none holds a time bound a loaded machine
          // breaks: pushes are proven by what was not requested, and timed by `npm run bench live-push`.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'infra',
          isolate: false, // aws-cdk-lib is imported once per worker, not once per file
          include: ['test/infra/**/*.test.ts'],
          exclude: [...rehearsalFiles],
          environment: 'node',
          setupFiles: ['test/support/stack-logs.ts'],
          testTimeout: 120_000,
        },
      },
      {
        // The synthesized stage: one real `cdk synth` for the run, then the deploy rehearsal
        // (npm run rehearse) runs its assets against DynamoDB Local.
        test: {
          name: 'rehearsal',
          include: rehearsalFiles,
          environment: 'node',
          setupFiles: ['test/support/stack-logs.ts'],
          globalSetup: ['test/support/synth-global-setup.ts', 'test/support/dynamo-global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
