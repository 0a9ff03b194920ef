import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { lambdaBundling } from '#infra/constructs/lambda-bundling';
import { statefulRemovalPolicy } from '#infra/stage';

/** Entries in the route and schedule tables are relative to the project root. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * - read: GetItem, Query, Scan, … on the table and its indexes
 * - readWrite: read plus writes
 * - none: no table grant; the caller grants exactly what the function needs (the WebSocket handler)
 */
export type TableAccess = 'read' | 'readWrite' | 'none';

export interface AppFunctionProps {
  /** Handler module relative to the project root (it exports `handler`), e.g. `functions/api/auth.ts`. */
  entry: string;
  /** Powertools service name: how this function's logs and traces are labelled. */
  service: string;
  stage: string;
  table: ITableV2;
  /** Least privilege: read-only unless the function writes. @default 'read' */
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

    if (props.tableAccess === 'readWrite') {
      props.table.grantReadWriteData(this);
    } else if (props.tableAccess !== 'none') {
      props.table.grantReadData(this);
    }
  }
}
