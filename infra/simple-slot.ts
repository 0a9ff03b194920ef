import { Tags, type App } from 'aws-cdk-lib';
import { acknowledgeNagFindings } from '#infra/nag-acknowledgements';
import { ApiStack } from '#infra/stacks/api-stack';
import { DataStack } from '#infra/stacks/data-stack';
import { EdgeStack } from '#infra/stacks/edge-stack';
import { JobsStack } from '#infra/stacks/jobs-stack';
import { MonitoringStack } from '#infra/stacks/monitoring-stack';
import { WorkStack } from '#infra/stacks/work-stack';
import { RealtimeStack } from '#infra/stacks/realtime-stack';
import { WebStack } from '#infra/stacks/web-stack';
import { alarmEmailFromContext, EDGE_REGION, stackName, stageEnvironment, stageFromContext } from '#infra/stage';

/** Login id of the developer account the bootstrap creates; `-c developerId=NAME` overrides it. */
const DEFAULT_DEVELOPER_ID = 'developer';

/**
 * Adds one stage of Simple Slot to `app`. Dependencies point one way only (as synthesized):
 * Data ← Realtime ← Api ← Web, Data ← Api, Data ← Web, Edge ← Web, Data, Realtime ← Jobs, and
 * Data, Api, Work, Jobs ← Monitoring.
 *
 * `-c stage` is required. `prod` is pinned to context `prodAccount`/`prodRegion` and needs
 * `-c alarmEmail`; sandboxes deploy to the caller's account in a known region (see
 * `stageEnvironment`). Synth needs no credentials.
 */
export function addSimpleSlot(app: App) {
  const stage = stageFromContext(app);
  const env = stageEnvironment(app, stage);
  const alarmEmail = alarmEmailFromContext(app, stage);
  const context = (key: string): string | undefined => app.node.tryGetContext(key) ?? undefined;

  Tags.of(app).add('project', 'simple-slot');
  Tags.of(app).add('stage', stage);

  const data = new DataStack(app, stackName(stage, 'Data'), {
    stage,
    env,
    alarmEmail,
    restoredTableName: context('restoredTable'),
    signingKeyRotation: context('signingKeyRotation'),
  });
  const realtime = new RealtimeStack(app, stackName(stage, 'Realtime'), {
    stage,
    env,
    table: data.table,
    signingKey: data.signingKey,
    alarmTopic: data.alarmTopic,
    allowedOrigins: context('allowedOrigins'),
  });
  const work = new WorkStack(app, stackName(stage, 'Work'), {
    stage,
    env,
    table: data.table,
    realtime,
    alarmTopic: data.alarmTopic,
  });
  const api = new ApiStack(app, stackName(stage, 'Api'), {
    stage,
    env,
    table: data.table,
    signingKey: data.signingKey,
    realtime,
    work,
    alarmTopic: data.alarmTopic,
    originVerifySecret: data.originVerifySecret,
    developerId: context('developerId') ?? DEFAULT_DEVELOPER_ID,
  });
  const jobs = new JobsStack(app, stackName(stage, 'Jobs'), {
    stage,
    env,
    table: data.table,
    realtime,
    work,
    alarmTopic: data.alarmTopic,
  });
  const monitoring = new MonitoringStack(app, stackName(stage, 'Monitoring'), {
    stage,
    env,
    table: data.table,
    api,
    work,
    jobs,
    alarmTopic: data.alarmTopic,
  });
  // CloudFront takes web ACLs from us-east-1 only: the ACL has its own stack there.
  const edge = new EdgeStack(app, stackName(stage, 'Edge'), {
    stage,
    env: { account: env.account, region: EDGE_REGION },
    crossRegionReferences: true,
  });
  const web = new WebStack(app, stackName(stage, 'Web'), {
    stage,
    env,
    crossRegionReferences: true,
    webAclArn: edge.webAcl.attrArn,
    httpApi: api.httpApi,
    webSocketApi: realtime.webSocketApi,
    originVerifySecret: data.originVerifySecret,
    originSecretRotation: context('originSecretRotation'),
  });

  // Accepted cdk-nag findings, each with its reason (the packs are wired in infra/app.ts).
  acknowledgeNagFindings(app, stage, env);

  return { stage, data, realtime, work, api, jobs, monitoring, edge, web };
}
