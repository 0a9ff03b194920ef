import { RemovalPolicy, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/**
 * A stage is one full copy of the product (`dev`, `prod`, or a tester's sandbox such as `alice`),
 * chosen with `-c stage=NAME`. Every stack name starts with `SimpleSlot-<stage>-`.
 */
export const DEFAULT_STAGE = 'dev';

/** Stack names allow letters, digits and hyphens; keep stage names short so names stay readable. */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

export function stageFromContext(scope: Construct): string {
  const stage = String(scope.node.tryGetContext('stage') ?? DEFAULT_STAGE);
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`Invalid stage "${stage}": use 1-20 lowercase letters, digits or hyphens, starting with a letter`);
  }
  return stage;
}

export const stackName = (stage: string, name: string): string => `SimpleSlot-${stage}-${name}`;

export const isProduction = (stage: string): boolean => stage === 'prod';

/** Production keeps its data when a stack is deleted; sandboxes clean up after themselves. */
export const statefulRemovalPolicy = (stage: string): RemovalPolicy =>
  isProduction(stage) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

export interface StageStackProps extends StackProps {
  stage: string;
}
