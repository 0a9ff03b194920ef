/**
 * CDK entry (cdk.json runs it with tsx): `npx cdk deploy --all -c stage=alice` deploys a sandbox.
 */
import { App } from 'aws-cdk-lib';
import { addSimpleSlot } from '#infra/simple-slot';

addSimpleSlot(new App());
