/**
 * CDK entry (cdk.json runs it with tsx): `npx cdk deploy --all -c stage=alice` deploys a sandbox.
 * cdk-nag's AwsSolutions and Serverless packs check every synth: an unacknowledged finding fails it
 * (acknowledgements with their reasons: infra/nag-acknowledgements.ts).
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { addSimpleSlot } from '#infra/simple-slot';

const app = new App();
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
addSimpleSlot(app);
