import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { lambdaBundling } from '#infra/constructs/lambda-bundling';
import { statefulRemovalPolicy } from '#infra/stage';
import type { TableAccess } from '#infra/table-access';

/** Entries in the route and schedule tables are relative to the project root. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface AppFunctionProps {
  /** Handler module relative to the project root (it exports `handler`), e.g. `functions/api/auth.ts`. */
  entry: string;
  /** Powertools service name: how this function's logs and traces are labelled. */
  service: string;
  stage: string;
  table: ITableV2;
  /** Least privilege: the table actions its code calls, nothing else. @default [] */
  tableAccess?: TableAccess;
  /** @default DEFAULT_MEMORY_MB */
  memoryMb?: number;
  /** @default 10 */
  timeoutSeconds?: number;
  environment?: Record<string, string>;
  description?: string;
}

/** Memory of a function that names none (the cost model reads it too: scripts/cost-model). */
export const DEFAULT_MEMORY_MB = 256;
/** How long every function's log group keeps its lines. */
export const FUNCTION_LOG_RETENTION = RetentionDays.ONE_MONTH;

/**
 * Every Lambda of the product: one place that fixes runtime, architecture, tracing, logging and
 * bundling, and that grants access to the single table.
 */
export class AppFunction extends NodejsFunction {
  public constructor(scope: Construct, id: string, props: AppFunctionProps) {
    // An explicit log group, so retention is set and sandboxes leave no logs behind on destroy.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: FUNCTION_LOG_RETENTION,
      removalPolicy: statefulRemovalPolicy(props.stage),
    });

    super(scope, id, {
      entry: path.join(projectRoot, props.entry),
      handler: 'handler',
      projectRoot,
      depsLockFilePath: path.join(projectRoot, 'package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMb ?? DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      tracing: Tracing.ACTIVE,
      logGroup,
      environment: {
        POWERTOOLS_SERVICE_NAME: props.service,
        TABLE_NAME: props.table.tableName,
        STAGE: props.stage,
        ...props.environment,
      },
      bundling: lambdaBundling,
    });

    grantTable(this, props.table, props.tableAccess ?? []);
  }
}

/** Single-item actions on the table itself; only a query also reaches the table's indexes. */
function grantTable(fn: NodejsFunction, table: ITableV2, access: TableAccess): void {
  const items = [...new Set(access)].filter((a) => a !== 'Query');
  if (items.length)
    fn.addToRolePolicy(
      new PolicyStatement({ actions: items.sort().map((a) => `dynamodb:${a}`), resources: [table.tableArn] }),
    );
  if (access.includes('Query'))
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['dynamodb:Query'], resources: [table.tableArn, `${table.tableArn}/index/*`] }),
    );
}
