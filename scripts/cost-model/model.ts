import type { SizeAssumption, common as commonAssumptions } from './assumptions';
import type { Deployment } from './deployment';
import type { MeasuredFigures, OperationFigure } from './figures';
import type { Prices } from './prices';

/**
 * The monthly bill of one size: each line is a quantity times a price. `driver` names the usage
 * that makes the line grow (a test doubles one assumption and checks that exactly its lines double):
 * pages: page views; slots: the slot count (rank work, table storage); runs: the recompute's units per
 * run (whole units, at least one: they grow in steps with the slots); media: images stored; traces:
 * every invocation (sampled, not proportional).
 */
export type Driver =
  'pages' | 'sessions' | 'sockets' | 'pushes' | 'broadcasts' | 'slots' | 'runs' | 'media' | 'fixed' | 'traces';

export interface BillLine {
  service: string;
  item: string;
  driver: Driver;
  quantity: number;
  unit: string;
  usd: number;
}

export interface Bill {
  size: SizeAssumption;
  lines: BillLine[];
  byService: Record<string, number>;
  total: number;
}

export interface ModelInputs {
  figures: MeasuredFigures;
  deployment: Deployment;
  prices: Prices;
  common: typeof commonAssumptions;
}

const GB = 1024 ** 3;

/** Lambda bills duration rounded up to the millisecond, times memory in GB. */
export const gbSeconds = (ms: number, memoryMb: number) => (Math.ceil(ms) / 1000) * (memoryMb / 1024);

/** Per call of an average API call: the soak's mix weighs each measured operation. */
export function averageApiCall(inputs: ModelInputs) {
  const { operations, soakMix } = inputs.figures.api;
  const weighed = Object.entries(soakMix).filter(([op]) => operations[op]);
  const weight = weighed.reduce((a, [, n]) => a + n, 0);
  const mean = (f: (o: OperationFigure) => number) =>
    weighed.reduce((a, [op, n]) => a + f(operations[op]!) * n, 0) / weight;
  const memory = (o: OperationFigure) => inputs.deployment.memoryMbByFunction[o.group] ?? 0;
  return {
    readUnits: mean((o) => o.readUnitsPerCall),
    writeUnits: mean((o) => o.writeUnitsPerCall),
    gbSeconds: mean((o) => gbSeconds(o.meanMs, memory(o))),
    initGbSeconds: mean((o) => gbSeconds(inputs.figures.coldStart.importMsByFunction[o.group] ?? 0, memory(o))),
    logBytes: mean((o) => o.logBytesPerCall),
    responseBytes: mean((o) => o.responseBytesPerCall),
  };
}

function operation(inputs: ModelInputs, op: string): OperationFigure & { memoryMb: number } {
  const o = inputs.figures.api.operations[op];
  if (!o) throw new Error(`cost model: bench/results/api-cost.json has no ${op} figures`);
  return { ...o, memoryMb: inputs.deployment.memoryMbByFunction[o.group] ?? 0 };
}

export function monthlyBill(size: SizeAssumption, inputs: ModelInputs): Bill {
  const { figures: f, deployment: d, prices: p, common: c } = inputs;
  const days = c.daysPerMonth;
  const lines: BillLine[] = [];
  const line = (service: string, item: string, driver: Driver, quantity: number, unit: string, usd: number) =>
    lines.push({ service, item, driver, quantity, unit, usd });
  const perMillion = (n: number, price: { usd: number }) => (n / 1e6) * price.usd;
  const perTenThousand = (n: number, price: { usd: number }) => (n / 1e4) * price.usd;
  const perThousand = (n: number, price: { usd: number }) => (n / 1e3) * price.usd;
  const logLines = (driver: Driver, what: string, bytes: number, retentionDays: number) => {
    const gb = bytes / GB;
    line('CloudWatch Logs', `${what}: ingested`, driver, gb, 'GB', gb * p.logsIngestionGb.usd);
    // Steady state: each month's lines are kept for the retention period.
    const stored = gb * (retentionDays / days);
    line('CloudWatch Logs', `${what}: stored`, driver, stored, 'GB-month', stored * p.logsStorageGbMonth.usd);
  };
  /** Everything a kind of HTTP API call costs per month, `calls` of them. */
  const httpCalls = (
    driver: Driver,
    what: string,
    calls: number,
    per: { readUnits: number; writeUnits: number; gbSeconds: number; logBytes: number; responseBytes: number },
  ) => {
    line(
      'DynamoDB',
      `${what}: read request units`,
      driver,
      calls * per.readUnits,
      'RRU',
      perMillion(calls * per.readUnits, p.dynamoReadRequestUnits),
    );
    line(
      'DynamoDB',
      `${what}: write request units`,
      driver,
      calls * per.writeUnits,
      'WRU',
      perMillion(calls * per.writeUnits, p.dynamoWriteRequestUnits),
    );
    line('Lambda', `${what}: invocations`, driver, calls, 'requests', perMillion(calls, p.lambdaRequests));
    line(
      'Lambda',
      `${what}: compute`,
      driver,
      calls * per.gbSeconds,
      'GB-s',
      calls * per.gbSeconds * p.lambdaArmGbSecond.usd,
    );
    line('API Gateway', `${what}: HTTP API requests`, driver, calls, 'requests', perMillion(calls, p.httpApiRequests));
    // Every API call comes through CloudFront (the origin lock refuses any other way in) and its web ACL.
    line(
      'CloudFront',
      `${what}: requests`,
      driver,
      calls,
      'requests',
      perTenThousand(calls, p.cloudFrontHttpsRequests),
    );
    const outGb = (calls * per.responseBytes) / GB;
    line('CloudFront', `${what}: transfer out`, driver, outGb, 'GB', outGb * p.cloudFrontTransferOutGb.usd);
    line('WAF', `${what}: requests inspected`, driver, calls, 'requests', perMillion(calls, p.wafRequests));
    logLines(
      driver,
      `${what}: function logs`,
      calls * (c.platformLogBytesPerInvocation + per.logBytes),
      d.functionLogRetentionDays,
    );
    logLines(driver, `${what}: access logs`, calls * d.httpAccessLogBytes, d.accessLogRetentionDays);
  };
  const perCall = (o: ReturnType<typeof operation>, share = 1) => ({
    readUnits: o.readUnitsPerCall * share,
    writeUnits: o.writeUnitsPerCall * share,
    gbSeconds: gbSeconds(o.meanMs * share, o.memoryMb),
    logBytes: o.logBytesPerCall,
    responseBytes: o.responseBytesPerCall,
  });

  // Pages: the API calls they make, the app's files on a full load, a socket per full load.
  const average = averageApiCall(inputs);
  const apiCalls = size.pageViewsPerDay * size.apiCallsPerPage * days;
  httpCalls('pages', 'API calls', apiCalls, average);
  const coldStarts = apiCalls * c.coldStartShare;
  // average.initGbSeconds: one cold start's init (the bundle's cold import) at the function's memory.
  const initGbs = coldStarts * average.initGbSeconds;
  line('Lambda', 'API calls: init on cold starts', 'pages', initGbs, 'GB-s', initGbs * p.lambdaArmGbSecond.usd);
  // Each new instance reads the origin-verify secret and the token key's public half once.
  line(
    'Secrets Manager',
    'API calls: secret reads on cold starts',
    'pages',
    coldStarts,
    'API calls',
    perTenThousand(coldStarts, p.secretsApiCalls),
  );
  line(
    'KMS',
    'API calls: public key reads on cold starts',
    'pages',
    coldStarts,
    'requests',
    perTenThousand(coldStarts, p.kmsRsa2048Requests),
  );
  const fullLoads = size.pageViewsPerDay * size.fullLoadShare * days;
  const assetRequests = fullLoads * (f.firstLoad.files + 1); // the scripts and index.html
  line(
    'CloudFront',
    'App files: requests',
    'pages',
    assetRequests,
    'requests',
    perTenThousand(assetRequests, p.cloudFrontHttpsRequests),
  );
  const assetGb = (fullLoads * f.firstLoad.bytes) / GB;
  line('CloudFront', 'App files: transfer out', 'pages', assetGb, 'GB', assetGb * p.cloudFrontTransferOutGb.usd);
  line(
    'WAF',
    'App files: requests inspected',
    'pages',
    assetRequests,
    'requests',
    perMillion(assetRequests, p.wafRequests),
  );
  const misses = assetRequests * c.cacheMissShare;
  line('S3', 'App files: GETs on cache misses', 'pages', misses, 'requests', perThousand(misses, p.s3GetRequests));
  const connect = operation(inputs, 'ws-connect');
  const disconnect = operation(inputs, 'ws-disconnect');
  const sockets = fullLoads;
  const socketRead = sockets * (connect.readUnitsPerCall + disconnect.readUnitsPerCall);
  const socketWrite = sockets * (connect.writeUnitsPerCall + disconnect.writeUnitsPerCall);
  line(
    'DynamoDB',
    'Socket connect and disconnect: read request units',
    'pages',
    socketRead,
    'RRU',
    perMillion(socketRead, p.dynamoReadRequestUnits),
  );
  line(
    'DynamoDB',
    'Socket connect and disconnect: write request units',
    'pages',
    socketWrite,
    'WRU',
    perMillion(socketWrite, p.dynamoWriteRequestUnits),
  );
  line(
    'Lambda',
    'Socket connect and disconnect: invocations',
    'pages',
    sockets * 2,
    'requests',
    perMillion(sockets * 2, p.lambdaRequests),
  );
  const socketGbs =
    sockets * (gbSeconds(connect.meanMs, connect.memoryMb) + gbSeconds(disconnect.meanMs, disconnect.memoryMb));
  line(
    'Lambda',
    'Socket connect and disconnect: compute',
    'pages',
    socketGbs,
    'GB-s',
    socketGbs * p.lambdaArmGbSecond.usd,
  );
  logLines(
    'pages',
    'Socket connect and disconnect: function and access logs',
    sockets * 2 * (c.platformLogBytesPerInvocation + d.websocketAccessLogBytes),
    d.functionLogRetentionDays,
  );

  // Sessions: sign-ins, and a token refresh every access-token lifetime of an open tab.
  const signIns = size.signInsPerDay * days;
  const refreshes = ((size.socketHoursPerDay * 3600) / d.accessTokenSeconds) * days;
  httpCalls('sessions', 'Sign-ins', signIns, perCall(operation(inputs, 'sign-in')));
  // An open tab refreshes its token every access-token lifetime: refreshes grow with socket hours.
  httpCalls('sockets', 'Token refreshes', refreshes, perCall(operation(inputs, 'refresh')));
  line(
    'KMS',
    'Sign-ins: access tokens signed',
    'sessions',
    signIns,
    'requests',
    perTenThousand(signIns, p.kmsRsa2048Requests),
  );
  line(
    'KMS',
    'Token refreshes: access tokens signed',
    'sockets',
    refreshes,
    'requests',
    perTenThousand(refreshes, p.kmsRsa2048Requests),
  );

  // Sockets: connection minutes; pushes: the messages sent over them.
  const minutes = size.socketHoursPerDay * 60 * days;
  line(
    'API Gateway',
    'WebSocket connection minutes',
    'sockets',
    minutes,
    'minutes',
    perMillion(minutes, p.websocketConnectionMinutes),
  );
  const pushes = size.pushMessagesPerDay * days;
  line(
    'API Gateway',
    'WebSocket messages: direct pushes',
    'pushes',
    pushes,
    'messages',
    perMillion(pushes, p.websocketMessages),
  );

  // Broadcasts: posts to every open socket, the function's time per socket, queue work if any.
  const reached = size.broadcastsPerMonth * size.socketsOnlineAtBroadcast;
  const posts = reached * f.broadcast.postsPerSocket;
  line(
    'API Gateway',
    'WebSocket messages: broadcasts',
    'broadcasts',
    posts,
    'messages',
    perMillion(posts, p.websocketMessages),
  );
  const notificationsMb = d.memoryMbByFunction.notifications ?? 0;
  const broadcastGbs = reached * ((f.broadcast.functionMs / f.broadcast.connections / 1000) * (notificationsMb / 1024));
  line(
    'Lambda',
    'Broadcasts: compute per socket reached',
    'broadcasts',
    broadcastGbs,
    'GB-s',
    broadcastGbs * p.lambdaArmGbSecond.usd,
  );
  const broadcastInvocations = reached * f.broadcast.invocationsPerSocket;
  line(
    'Lambda',
    'Broadcasts: delivery invocations',
    'broadcasts',
    broadcastInvocations,
    'requests',
    perMillion(broadcastInvocations, p.lambdaRequests),
  );
  // A queued message is sent, received and deleted: three requests.
  const broadcastSqs = reached * f.broadcast.queueMessagesPerSocket * 3;
  line(
    'SQS',
    'Broadcasts: queue requests',
    'broadcasts',
    broadcastSqs,
    'requests',
    perMillion(broadcastSqs, p.sqsRequests),
  );

  // Rank: the workers' checks posted in batches, their work pages, and the hourly recompute.
  const pairs = size.slots / f.rankRecompute.slotsPerPair;
  const observations = pairs * size.checksPerPairPerDay * days;
  const batch = operation(inputs, 'rank-observation-batch');
  const batches = observations / d.observationsPerBatch;
  const perObservation = perCall(batch, 1 / f.api.observationBatch);
  httpCalls('slots', 'Rank observation batches', batches, {
    ...perObservation,
    readUnits: perObservation.readUnits * d.observationsPerBatch,
    writeUnits: perObservation.writeUnits * d.observationsPerBatch,
    gbSeconds: gbSeconds((batch.meanMs / f.api.observationBatch) * d.observationsPerBatch, batch.memoryMb),
  });
  const workPages = size.checksPerPairPerDay * days * Math.ceil(pairs / d.workPageSize);
  httpCalls('slots', 'Rank work pages', workPages, perCall(operation(inputs, 'rank-work-page')));
  const runs = 24 * days;
  const thousands = size.slots / 1000;
  const r = f.rankRecompute;
  const recomputeRead = runs * thousands * r.readUnitsPer1000Slots;
  const recomputeWrite = runs * thousands * r.writeUnitsPer1000Slots;
  line(
    'DynamoDB',
    'Rank recompute: read request units',
    'slots',
    recomputeRead,
    'RRU',
    perMillion(recomputeRead, p.dynamoReadRequestUnits),
  );
  line(
    'DynamoDB',
    'Rank recompute: write request units',
    'slots',
    recomputeWrite,
    'WRU',
    perMillion(recomputeWrite, p.dynamoWriteRequestUnits),
  );
  // One invocation over every slot, or (split) whole units of the bench's slots per invocation.
  const invocationsPerRun = r.slotsPerInvocation === null ? 1 : Math.ceil(size.slots / r.slotsPerInvocation);
  const recomputeInvocations = runs * invocationsPerRun;
  line(
    'Lambda',
    'Rank recompute: invocations',
    'runs',
    recomputeInvocations,
    'requests',
    perMillion(recomputeInvocations, p.lambdaRequests),
  );
  const recomputeGbs = runs * gbSeconds(thousands * r.msPer1000Slots, d.memoryMbByFunction['rank-recompute'] ?? 0);
  line('Lambda', 'Rank recompute: compute', 'slots', recomputeGbs, 'GB-s', recomputeGbs * p.lambdaArmGbSecond.usd);
  const recomputeSqs = recomputeInvocations * r.queueMessagesPerInvocation * 3;
  line(
    'SQS',
    'Rank recompute: queue requests',
    'runs',
    recomputeSqs,
    'requests',
    perMillion(recomputeSqs, p.sqsRequests),
  );
  logLines(
    'runs',
    'Rank recompute: function logs',
    recomputeInvocations * c.platformLogBytesPerInvocation,
    d.functionLogRetentionDays,
  );

  // X-Ray (active tracing on every function): the first request of each second, then a share of the rest.
  const invocations = lines
    .filter((l) => l.service === 'Lambda' && l.unit === 'requests')
    .reduce((a, l) => a + l.quantity, 0);
  const seconds = days * 86_400;
  const traces = Math.min(invocations, seconds) + Math.max(0, invocations - seconds) * c.xraySampledShare;
  line(
    'X-Ray',
    'Traces recorded (default sampling)',
    'traces',
    traces,
    'traces',
    perMillion(traces, p.xrayTracesRecorded),
  );

  // Stored: the table and the buckets.
  const tableGb = (size.slots * size.storedKbPerSlot * 1024) / GB;
  line('DynamoDB', 'Table storage', 'slots', tableGb, 'GB-month', tableGb * p.dynamoStorageGbMonth.usd);
  line('S3', 'Announcement images stored', 'media', size.mediaGb, 'GB-month', size.mediaGb * p.s3StorageGbMonth.usd);
  line('S3', 'App files stored', 'fixed', c.spaGb, 'GB-month', c.spaGb * p.s3StorageGbMonth.usd);

  // Fixed per month.
  line('WAF', 'Web ACL', 'fixed', 1, 'web ACL', p.wafWebAclMonth.usd);
  line('WAF', 'Rules', 'fixed', d.wafRules, 'rules', d.wafRules * p.wafRuleMonth.usd);
  line('Secrets Manager', 'Secrets', 'fixed', d.secrets, 'secrets', d.secrets * p.secretsMonth.usd);
  line('KMS', 'Token signing key', 'fixed', d.kmsKeys, 'keys', d.kmsKeys * p.kmsKeyMonth.usd);

  const byService: Record<string, number> = {};
  for (const l of lines) byService[l.service] = (byService[l.service] ?? 0) + l.usd;
  return { size, lines, byService, total: lines.reduce((a, l) => a + l.usd, 0) };
}
