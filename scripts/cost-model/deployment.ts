import { App } from 'aws-cdk-lib';
import { apiGroups, type GroupName } from '#infra/api-groups';
import { ACCESS_LOG_RETENTION, httpAccessLogFormat, websocketAccessLogFormat } from '#infra/api-stage';
import { DEFAULT_MEMORY_MB, FUNCTION_LOG_RETENTION } from '#infra/constructs/app-function';
import { schedules } from '#infra/schedules';
import { EdgeStack } from '#infra/stacks/edge-stack';
import { ACCESS_TOKEN_SECONDS } from '../../functions/domain/auth/tokens';
import { MAX_OBSERVATIONS_PER_BATCH, WORK_PAGE_MAX } from '../../shared/schemas/rank';

/** What the stacks deploy that the bill depends on, read from the infra definitions themselves. */
export interface Deployment {
  /** Memory of each function by the name the bench uses (API groups, jobs, `websocket`). */
  memoryMbByFunction: Record<string, number>;
  functionLogRetentionDays: number;
  accessLogRetentionDays: number;
  /** Bytes of one access log line: the format's length (each variable about as long as its value). */
  httpAccessLogBytes: number;
  websocketAccessLogBytes: number;
  wafRules: number;
  /** The origin-verify secret (data stack) and the developer password (api stack). */
  secrets: number;
  /** The token signing key (RSA 2048, data stack). */
  kmsKeys: number;
  accessTokenSeconds: number;
  observationsPerBatch: number;
  workPageSize: number;
}

export function readDeployment(): Deployment {
  const memoryMbByFunction: Record<string, number> = { websocket: DEFAULT_MEMORY_MB };
  for (const [name, def] of Object.entries(apiGroups) as Array<[GroupName, { memoryMb?: number }]>)
    memoryMbByFunction[name] = def.memoryMb ?? DEFAULT_MEMORY_MB;
  for (const job of schedules) memoryMbByFunction[job.name] = job.memoryMb ?? DEFAULT_MEMORY_MB;
  const edge = new EdgeStack(new App(), 'CostModelEdge', { stage: 'cost', env: { region: 'us-east-1' } });
  return {
    memoryMbByFunction,
    functionLogRetentionDays: FUNCTION_LOG_RETENTION,
    accessLogRetentionDays: ACCESS_LOG_RETENTION,
    httpAccessLogBytes: Buffer.byteLength(httpAccessLogFormat.toString()),
    websocketAccessLogBytes: Buffer.byteLength(websocketAccessLogFormat.toString()),
    wafRules: (edge.webAcl.rules as unknown[]).length,
    secrets: 2,
    kmsKeys: 1,
    accessTokenSeconds: ACCESS_TOKEN_SECONDS,
    observationsPerBatch: MAX_OBSERVATIONS_PER_BATCH,
    workPageSize: WORK_PAGE_MAX,
  };
}
