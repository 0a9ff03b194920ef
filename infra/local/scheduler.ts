import { schedules, type ScheduleDef } from '../schedules';
import { invoke } from './lambda-runtime';

/** A scheduled-event payload like EventBridge's, so job handlers need no local special case. */
const scheduledEvent = (job: ScheduleDef, source = 'aws.events') => ({
  version: '0',
  id: crypto.randomUUID(),
  'detail-type': 'Scheduled Event',
  source,
  account: 'local',
  time: new Date().toISOString(),
  region: 'local',
  resources: [`local:rule/${job.name}`],
  detail: {},
});

export const runJob = (job: ScheduleDef, source?: string) =>
  invoke(job.entry, job.name, scheduledEvent(job, source), (job.timeoutSeconds ?? 60) * 1000);

export const findJob = (name: string) => schedules.find((s) => s.name === name);

/**
 * Next time (ms) the daily UTC hour:minute (or, with hour '*', the hourly minute; with a step minute, the
 * next multiple of the step) comes round after `now`.
 */
export function nextRun(job: ScheduleDef, now = Date.now()): number {
  const d = new Date(now);
  if (typeof job.cron.minute === 'string') {
    const step = Number(job.cron.minute.slice(2)) * 60_000;
    return (Math.floor(now / step) + 1) * step;
  }
  if (job.cron.hour === '*') {
    const at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), job.cron.minute);
    return at > now ? at : at + 3600 * 1000;
  }
  const at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), job.cron.hour, job.cron.minute);
  return at > now ? at : at + 24 * 3600 * 1000;
}

/** Runs every job of the schedule table at its time while the local server is up. */
export function startScheduler(log: (msg: string, extra?: unknown) => void) {
  const timers = new Set<NodeJS.Timeout>();
  /** Runs the job, logs how it went (a failure too, never thrown) and sets its next run. */
  const runAndRearm = async (job: ScheduleDef) => {
    try {
      log(`job ${job.name} finished`, await runJob(job));
    } catch (err) {
      log(`job ${job.name} failed`, err);
    }
    arm(job);
  };
  const arm = (job: ScheduleDef) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        // runAndRearm logs its own failures: a timer has nobody to hand a rejection to.
        void runAndRearm(job);
      },
      nextRun(job) - Date.now(),
    );
    timer.unref();
    timers.add(timer);
  };
  schedules.forEach(arm);
  return { stop: () => timers.forEach(clearTimeout) };
}
