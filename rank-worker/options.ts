/**
 * The worker's command line: one table of options gives both the parser and `--help`, and every
 * mistake in it becomes one line naming the option (exit 2), never a stack trace.
 */
import { parseArgs } from 'node:util';
// Types only: `--help` and a mistyped option answer without loading the browser or the page parser.
import type { SearchMode } from './marketplace';

interface OptionSpec {
  type: 'string' | 'boolean';
  /** Shown after the name in `--help` (string options only). */
  value?: string;
  default?: string;
  help: string;
}

const optionSpecs = {
  api: { type: 'string', value: 'URL', help: 'the product (required), e.g. http://localhost:3000' },
  key: { type: 'string', value: 'KEY', help: 'the worker key; RANK_WORKER_KEY is preferred (arguments are visible)' },
  browser: { type: 'string', value: 'PATH', help: 'Chrome or Chromium (default CHROMIUM_PATH or /usr/bin/chromium)' },
  mode: { type: 'string', value: 'desktop|mobile', default: 'desktop', help: 'desktop or mobile search' },
  depth: { type: 'string', value: 'N', default: '3', help: 'result pages per keyword' },
  'market-url': { type: 'string', value: 'BASE', help: 'another origin with the same paths (a fake marketplace)' },
  dump: { type: 'string', value: 'DIR', help: 'save every page seen as HTML' },
  once: { type: 'boolean', help: 'one round, then exit (3 if it stopped on failures)' },
  interval: { type: 'string', value: 'MIN', default: '60', help: 'minutes between rounds in service mode' },
  'delay-ms': { type: 'string', value: 'MS', default: '4000', help: 'pause before each page, jittered ±50 %' },
  'page-timeout-ms': { type: 'string', value: 'MS', default: '20000', help: 'a slower page is a failed check' },
  'daily-budget': { type: 'string', value: 'N', default: '2000', help: 'pages per KST day' },
  'max-failures': { type: 'string', value: 'N', default: '5', help: 'failed checks in a row that end the round' },
  'batch-size': { type: 'string', value: 'N', default: '20', help: 'pairs leased, checked and posted at a time' },
  shard: { type: 'string', value: 'i/n', default: '1/1', help: 'a fixed share (shard i of n) instead of the server’s' },
  recompute: { type: 'boolean', help: 'run the recompute job after each round (local mode only)' },
  headed: { type: 'boolean', help: 'show the browser window' },
  help: { type: 'boolean', help: 'print this help and exit' },
} satisfies Record<string, OptionSpec>;

export const helpText = [
  'Usage: npm run rank-worker -- --api URL [options]',
  '',
  "Measures each work-list pair's rank on the marketplace's search with a real browser and posts the checks.",
  '',
  'Options:',
  ...Object.entries(optionSpecs as Record<string, OptionSpec>).map(([name, spec]) => {
    const flag = `--${name}${spec.value ? ` ${spec.value}` : ''}`;
    return `  ${flag.padEnd(26)}${spec.help}${spec.default ? ` (default ${spec.default})` : ''}`;
  }),
  '',
  'Exit codes: 0 done, 1 the product unreachable or the key refused, 2 bad options,',
  '3 a round stopped on --max-failures or the daily budget.',
].join('\n');

interface WorkerOptions {
  api: string;
  key: string;
  browser: string;
  mode: SearchMode;
  /** As typed; the worker caps it at the deepest scan the server accepts. */
  depth: number;
  marketUrl?: string;
  dump?: string;
  once: boolean;
  intervalMs: number;
  delayMs: number;
  pageTimeoutMs: number;
  dailyBudget: number;
  maxFailures: number;
  batchSize: number;
  shardIndex: number;
  shardCount: number;
  recompute: boolean;
  headed: boolean;
}

export type ParsedCommand =
  { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; options: WorkerOptions };

class OptionError extends Error {}
const refuse = (message: string): never => {
  throw new OptionError(message);
};

/** node:util's parse errors name the option in their message; keep that sentence and drop the advice after it. */
function parseErrorLine(err: Error & { code?: string }): string {
  const first = err.message.split('\n')[0]!.trim();
  const option = /'(-{1,2}[\w-]+)/.exec(first)?.[1];
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option ?? first}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return option ? `option ${option} ${/argument missing/.test(first) ? 'needs a value' : 'takes no value'}` : first;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${/'([^']+)'/.exec(first)?.[1] ?? first}`;
    default:
      return first;
  }
}

/**
 * Reads the command line (`argv` without node and the script) and the environment. Never throws and
 * never exits: the caller prints the help or the one-line error and picks the exit code.
 */
export function parseWorkerCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): ParsedCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options: optionSpecs, strict: true, allowPositionals: false }));
  } catch (err) {
    return { kind: 'error', message: parseErrorLine(err as Error & { code?: string }) };
  }
  if (values.help) return { kind: 'help' };
  const text = (name: keyof typeof optionSpecs): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : (optionSpecs[name] as OptionSpec).default;
  };
  const num = (name: keyof typeof optionSpecs, min: number) => {
    const raw = text(name) ?? '';
    const n = raw.trim() === '' ? NaN : Number(raw);
    if (!Number.isFinite(n) || n < min) refuse(`option --${name} must be a number ≥ ${min} (got '${raw}')`);
    return n;
  };
  try {
    const api = text('api') ?? refuse('option --api URL is required (the product, e.g. http://localhost:3000)');
    if (!URL.canParse(api)) refuse(`option --api must be a URL (got '${api}')`);
    const key = text('key') ?? env.RANK_WORKER_KEY ?? refuse('option --key KEY (or RANK_WORKER_KEY) is required');
    const mode = text('mode');
    if (mode !== 'desktop' && mode !== 'mobile') return refuse(`option --mode is desktop or mobile (got '${mode}')`);
    const shard = /^(\d+)\/(\d+)$/.exec(text('shard') ?? '');
    const [shardIndex, shardCount] = shard ? [Number(shard[1]), Number(shard[2])] : [0, 0];
    if (!(shardCount >= 1 && shardIndex >= 1 && shardIndex <= shardCount))
      refuse(`option --shard is i/n with 1 ≤ i ≤ n, e.g. 2/3 (got '${text('shard')}')`);
    return {
      kind: 'run',
      options: {
        api,
        key,
        browser: text('browser') ?? env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        mode,
        depth: num('depth', 1),
        marketUrl: text('market-url'),
        dump: text('dump'),
        once: !!values.once,
        intervalMs: num('interval', 1) * 60_000,
        delayMs: num('delay-ms', 0),
        pageTimeoutMs: num('page-timeout-ms', 1000),
        dailyBudget: num('daily-budget', 1),
        maxFailures: num('max-failures', 1),
        batchSize: num('batch-size', 1),
        shardIndex,
        shardCount,
        recompute: !!values.recompute,
        headed: !!values.headed,
      },
    };
  } catch (err) {
    if (err instanceof OptionError) return { kind: 'error', message: err.message };
    throw err;
  }
}
