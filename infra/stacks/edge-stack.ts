import { CfnOutput, Stack } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { StageStackProps } from '#infra/stage';

/** Requests per viewer address per five minutes to /api/auth/* (login, register, refresh, …). */
export const AUTH_RATE_LIMIT_PER_5_MIN = 100;

/**
 * The CloudFront web ACL. CloudFront accepts only web ACLs created in us-east-1, so this stack is
 * always deployed there (`SimpleSlot-<stage>-Edge`), whatever the stage's region; the web stack
 * reads the ACL's ARN through CDK cross-region references (an SSM parameter in us-east-1 that a
 * custom resource in the web stack's region reads).
 */
export class EdgeStack extends Stack {
  public readonly webAcl: CfnWebACL;

  public constructor(scope: Construct, id: string, props: StageStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const metric = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `simple-slot-${stage}-${name}`,
    });
    const managed = (
      priority: number,
      name: string,
      ruleActionOverrides?: CfnWebACL.RuleActionOverrideProperty[],
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ruleActionOverrides } },
      visibilityConfig: metric(name),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `simple-slot-${stage}`,
      description: `Simple Slot ${stage}: CloudFront distribution`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: metric('web-acl'),
      rules: [
        {
          // Password guessing and sign-up floods, per viewer address, before they reach Lambda.
          name: 'auth-rate-limit',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: AUTH_RATE_LIMIT_PER_5_MIN,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/auth/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: metric('auth-rate-limit'),
        },
        managed(1, 'AWSManagedRulesKnownBadInputsRuleSet'),
        // The common rule set blocks request bodies over 8 KB; bulk slot registration posts up to
        // 500 rows (tens of KB), and API Gateway and the handlers bound sizes themselves. Counted, not blocked.
        managed(2, 'AWSManagedRulesCommonRuleSet', [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
      ],
    });

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
