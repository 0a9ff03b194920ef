/**
 * Scheduled jobs. The CDK jobs stack turns each entry into an EventBridge rule + function; the local
 * runtime runs the same handler at the same times, and on demand via `POST /_local/jobs/{name}`.
 * Times are UTC (EventBridge cron); KST = UTC+9.
 */
export interface ScheduleDef {
  name: string;
  entry: string;
  /** UTC minute and hour of the daily run. */
  cron: { minute: number; hour: number };
  description: string;
  timeoutSeconds?: number;
  memoryMb?: number;
  tableAccess: 'read' | 'readWrite';
  needs?: ReadonlyArray<'websocketPush'>;
}

export const schedules: readonly ScheduleDef[] = [];

/** The WebSocket API's one handler module ($connect, $disconnect, $default). */
export const websocketEntry = 'functions/ws/handler.ts';

/** Runs once after deployment (and at every local start): developer account, settings, field configs. */
export const bootstrapEntry = 'functions/jobs/bootstrap.ts';
