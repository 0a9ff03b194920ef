import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { projectRoot } from '../infra/constructs/app-function';
import { machineFacts, round } from './stats';

/**
 * Test suite (`npm run bench test-suite`): times the README's `npm test` (every project, the
 * web build and the format, lint and type checks) and the edit loop's `npm run test:quick`, as a
 * developer runs them on this machine, and writes each with its target: `npm test` ≤ 8 min,
 * `test:quick` < 2 min. Where the time went comes from vitest's JSON report (file time per project,
 * the slowest files) and /proc/stat (how busy the cores were: near 100 % means CPU, not waiting,
 * bounds the run). A failed test fails the bench: a fast red suite proves nothing.
 * `TEST_SUITE_QUICK=0` skips test:quick.
 */
const SUITE_TARGET_S = 8 * 60;
const QUICK_TARGET_S = 2 * 60;

interface VitestReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; startTime: number; endTime: number; status: string }[];
}

/** Busy share of all cores between two reads of /proc/stat (Linux; null elsewhere). */
function cpuTimes(): number[] | null {
  try {
    return readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  } catch {
    return null;
  }
}
const busyPercent = (a: number[] | null, b: number[] | null) => {
  if (!a || !b) return null;
  const total = b.reduce((s, v) => s + v, 0) - a.reduce((s, v) => s + v, 0);
  const idle = b[3] + b[4] - (a[3] + a[4]);
  return total > 0 ? round((100 * (total - idle)) / total) : null;
};

async function timed(args: string[]) {
  const before = cpuTimes();
  const started = performance.now();
  const code = await new Promise<number>((done) =>
    spawn('npm', args, { cwd: projectRoot, stdio: ['ignore', 'inherit', 'inherit'] }).on('close', (c) => done(c ?? 1)),
  );
  return {
    code,
    seconds: round((performance.now() - started) / 1000),
    cpuBusyPercent: busyPercent(before, cpuTimes()),
  };
}

function summarise(report: VitestReport) {
  const files = report.testResults.map((f) => ({
    file: relative(projectRoot, f.name),
    seconds: round((f.endTime - f.startTime) / 1000),
  }));
  // The project is the file's top folders (test/browser, test/integration, web/src …).
  const byArea: Record<string, number> = {};
  for (const f of files) {
    const area = f.file.split('/').slice(0, 2).join('/');
    byArea[area] = round((byArea[area] ?? 0) + f.seconds);
  }
  return {
    files: files.length,
    tests: report.numTotalTests,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    fileSecondsByArea: byArea,
    slowestFiles: files.sort((a, b) => b.seconds - a.seconds).slice(0, 10),
  };
}

export async function runTestSuiteBench() {
  const loadAtStart = loadavg()[0];
  const dir = mkdtempSync(join(tmpdir(), 'test-suite-bench-'));
  const reportFile = join(dir, 'vitest.json');
  try {
    const suite = await timed(['test', '--', '--reporter=dot', '--reporter=json', `--outputFile.json=${reportFile}`]);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
    const quick = process.env.TEST_SUITE_QUICK === '0' ? null : await timed(['run', 'test:quick']);
    const result = {
      machine: machineFacts(loadAtStart),
      npmTest: {
        wallSeconds: suite.seconds,
        targetSeconds: SUITE_TARGET_S,
        met: suite.code === 0 && suite.seconds <= SUITE_TARGET_S,
        exitCode: suite.code,
        cpuBusyPercent: suite.cpuBusyPercent,
        ...summarise(report),
      },
      testQuick: quick && {
        wallSeconds: quick.seconds,
        targetSeconds: QUICK_TARGET_S,
        met: quick.code === 0 && quick.seconds < QUICK_TARGET_S,
        exitCode: quick.code,
        cpuBusyPercent: quick.cpuBusyPercent,
      },
    };
    if (suite.code !== 0) throw new Error(`npm test failed (exit ${suite.code}): ${JSON.stringify(result.npmTest)}`);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
