import { Stack } from 'aws-cdk-lib';
import { AttributeType, Billing, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { TokenSigningKey } from '#infra/constructs/token-signing-key';
import { isProduction, statefulRemovalPolicy, type StageStackProps } from '#infra/stage';
import { tableDefinition } from '#infra/table';

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

/**
 * State that outlives deployments: the single table and the token signing key. The key lives here
 * rather than in the API stack because the WebSocket handler (realtime stack, deployed before the
 * API) verifies tokens too.
 */
export class DataStack extends Stack {
  public readonly table: TableV2;
  public readonly signingKey: TokenSigningKey;

  public constructor(scope: Construct, id: string, props: StageStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.table = new TableV2(this, 'Table', {
      partitionKey: stringKey(tableDefinition.partitionKey),
      sortKey: stringKey(tableDefinition.sortKey),
      globalSecondaryIndexes: tableDefinition.globalSecondaryIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
      })),
      billing: Billing.onDemand(),
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: statefulRemovalPolicy(stage),
      deletionProtection: isProduction(stage),
    });

    this.signingKey = new TokenSigningKey(this, 'TokenSigningKey', { stage });
  }
}
