import { Stack } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { AttributeType, Billing, TableV2, type ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { ALARM_PERIOD, alarm } from '#infra/alarms';
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
export interface DataStackProps extends StageStackProps {
  /** Subscribed to the operator alarm topic when given (`-c alarmEmail=ops@example.com`; required for prod). */
  alarmEmail?: string;
  /**
   * A table restored from point-in-time recovery (`-c restoredTable=NAME`, docs/operations.md): the
   * functions, grants and alarms move to it. The stage's own table stays in the stack untouched.
   */
  restoredTableName?: string;
  /** The signing key's generation (`-c signingKeyRotation=N`); a new number means a new key. */
  signingKeyRotation?: string;
}

export class DataStack extends Stack {
  /** The table the product reads and writes: the stage's own, or the restored one when named. */
  public readonly table: ITableV2;
  /** The table this stack created (point-in-time recovery on); kept when the stage moves to a restored one. */
  public readonly stageTable: TableV2;
  public readonly signingKey: TokenSigningKey;
  /**
   * Where every alarm of the stage goes (API errors and throttles, 5xx rate, table throttling, jobs).
   * It lives here because every other stack depends on this one.
   */
  public readonly alarmTopic: Topic;
  /**
   * The origin-lock header value (infra/origin-lock.ts): CloudFront sends it, the API functions check
   * it. Here because both the API (reads it) and the web stack (sends it) need it.
   */
  public readonly originVerifySecret: Secret;

  public constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.stageTable = new TableV2(this, 'Table', {
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
    // A restore makes a new table (DynamoDB restores never overwrite one); the stage switches to it by name.
    this.table = props.restoredTableName
      ? TableV2.fromTableAttributes(this, 'RestoredTable', {
          tableName: props.restoredTableName,
          grantIndexPermissions: true,
        })
      : this.stageTable;

    this.signingKey = new TokenSigningKey(this, 'TokenSigningKey', { stage, rotation: props.signingKeyRotation });

    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: `Simple Slot ${stage}: header value CloudFront sends to the HTTP API (origin lock); rotate per docs/infra.md`,
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      removalPolicy: statefulRemovalPolicy(stage),
    });

    this.alarmTopic = new Topic(this, 'OperatorAlarms', {
      displayName: `Simple Slot ${stage} alarms`,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));

    // On-demand tables throttle too (a hot partition, or beyond the account's table limits).
    for (const [kind, metricName] of [
      ['Read', 'ReadThrottleEvents'],
      ['Write', 'WriteThrottleEvents'],
    ] as const) {
      alarm(this, `Table${kind}ThrottleAlarm`, {
        topic: this.alarmTopic,
        description: `DynamoDB throttled ${kind.toLowerCase()}s on the ${stage} table (hot partition or account limits)`,
        metric: new Metric({
          namespace: 'AWS/DynamoDB',
          metricName,
          dimensionsMap: { TableName: this.table.tableName },
          statistic: 'Sum',
          period: ALARM_PERIOD,
        }),
      });
    }
  }
}
