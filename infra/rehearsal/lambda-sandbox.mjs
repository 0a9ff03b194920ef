// One Lambda execution environment for the deploy rehearsal (infra/rehearsal/sandbox.ts starts it; not named sandbox.mjs, which resolvers would pick for ./sandbox).
// Plain Node, no loader: the bundle runs as Lambda's Node runtime would run it, with exactly the
// environment the parent passed (template entry + what the runtime itself sets). It reports:
//  - every AWS SDK call the bundle makes (client, operation, input), before it is sent, and fails
//    the call with AccessDeniedException when the parent finds the function's policy refuses it;
//  - every environment variable the bundle's own code reads that is not set.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const self = fileURLToPath(import.meta.url);
const post = (message) => process.send?.(message);

let bundleFile = '';
let handler;

// --- settings by use --------------------------------------------------------------------------
const reported = new Set();
let inTrap = false;
/** The file of the first stack frame outside this sandbox: who read the variable. */
function readerFile() {
  const holder = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 20;
  Error.captureStackTrace(holder);
  Error.stackTraceLimit = limit;
  for (const line of String(holder.stack).split('\n').slice(1)) {
    const file = /\(?((?:file:\/\/|\/|node:)[^():]+)(?::\d+:\d+)?\)?$/.exec(line.trim())?.[1];
    if (!file) continue;
    const path = file.startsWith('file://') ? fileURLToPath(file) : file;
    if (path !== self) return path;
  }
  return '';
}
function noteAbsent(name) {
  if (inTrap || reported.has(name)) return;
  inTrap = true;
  try {
    // Only the bundle's own reads count: the SDK (outside the zip) reads its optional settings.
    if (bundleFile && readerFile() === bundleFile) {
      reported.add(name);
      post({ type: 'env', name });
    }
  } finally {
    inTrap = false;
  }
}
const given = { ...process.env };
process.env = new Proxy(given, {
  get(target, key) {
    if (typeof key === 'string' && !Object.hasOwn(target, key)) noteAbsent(key);
    return target[key];
  },
  has(target, key) {
    if (typeof key === 'string' && !Object.hasOwn(target, key)) noteAbsent(key);
    return key in target;
  },
});

// --- permissions by use -----------------------------------------------------------------------
const patched = new WeakSet();
const stacks = new WeakSet();
/** Plain data for the parent: Uint8Arrays and Sets survive, anything else becomes JSON. */
function portable(value) {
  try {
    return structuredClone(value);
  } catch {
    return JSON.parse(JSON.stringify(value, (_k, v) => (v instanceof Set ? [...v] : v)));
  }
}
// Each call waits for the parent's verdict on the function's policy; a refused call fails as AWS
// refuses it, so the function's own error handling runs as it would in the account.
const verdicts = new Map();
let calls = 0;
const recorder = (next, context) => async (args) => {
  const id = ++calls;
  const verdict = new Promise((resolve) => verdicts.set(id, resolve));
  post({
    type: 'sdk',
    id,
    clientName: context.clientName,
    commandName: context.commandName,
    input: portable(args.input),
  });
  const { denied } = await verdict;
  if (denied)
    throw Object.assign(new Error(denied), {
      name: 'AccessDeniedException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400, attempts: 1, totalRetryDelay: 0 },
    });
  return next(args);
};
function patchClient(Client) {
  let proto = Client.prototype;
  while (proto && !Object.hasOwn(proto, 'send')) proto = Object.getPrototypeOf(proto);
  if (!proto || patched.has(proto)) return;
  patched.add(proto);
  const send = proto.send;
  proto.send = function (...args) {
    if (this.middlewareStack && !stacks.has(this.middlewareStack)) {
      stacks.add(this.middlewareStack);
      this.middlewareStack.add(recorder, { step: 'initialize', priority: 'high', name: 'rehearsalRecorder' });
    }
    return send.apply(this, args);
  };
}
/** The SDK packages the bundle imports, loaded from where the bundle resolves them (one instance). */
function instrumentSdk(file) {
  const source = readFileSync(file, 'utf8');
  const require = createRequire(file);
  for (const spec of new Set([...source.matchAll(/["'](@aws-sdk\/[a-z0-9-]+)["']/g)].map((m) => m[1]))) {
    let mod;
    try {
      mod = require(spec);
    } catch {
      continue; // a string that only looks like an import; a real one fails the bundle's own import
    }
    for (const value of Object.values(mod))
      if (typeof value === 'function' && typeof value.prototype?.send === 'function') patchClient(value);
  }
}

// --- the runtime ------------------------------------------------------------------------------
function lambdaContext(info) {
  const started = Date.now();
  return {
    awsRequestId: info.requestId,
    functionName: info.functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: info.functionArn,
    memoryLimitInMB: String(info.memoryMb),
    logGroupName: `/aws/lambda/${info.functionName}`,
    logStreamName: 'rehearsal',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, info.timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
const errorOf = (err) => ({ name: err?.name, message: err?.message ?? String(err), stack: err?.stack });

process.on('message', async (message) => {
  if (message.type === 'verdict') {
    verdicts.get(message.id)?.(message);
    verdicts.delete(message.id);
    return;
  }
  if (message.type === 'load') {
    bundleFile = message.file;
    const started = performance.now();
    try {
      instrumentSdk(bundleFile);
      const mod = await import(pathToFileURL(bundleFile).href);
      handler = mod[message.exportName];
      if (typeof handler !== 'function') throw new Error(`${message.file} exports no function "${message.exportName}"`);
      const loadMs = performance.now() - started;
      const { rss, heapUsed } = process.memoryUsage();
      post({ type: 'loaded', loadMs, rss, heapUsed });
    } catch (err) {
      post({ type: 'loaded', error: errorOf(err) });
    }
    return;
  }
  if (message.type === 'invoke') {
    try {
      const value = await handler(message.event, lambdaContext(message.context));
      post({ type: 'result', id: message.id, value: portable(value) });
    } catch (err) {
      post({ type: 'result', id: message.id, error: errorOf(err) });
    }
  }
});
process.on('unhandledRejection', (err) => post({ type: 'crash', error: errorOf(err) }));
// No sandbox outlives the rehearsal that started it, however that one ended.
process.on('disconnect', () => process.exit(0));
post({ type: 'ready' });
