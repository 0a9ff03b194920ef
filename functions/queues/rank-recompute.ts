import { recomputeUnitSchema, runRecomputeUnit } from '../domain/rank-measurement/recompute-run';
import { workQueueConsumer } from './consumer';

/** Work queue `rank-recompute` (infra/work-queues.ts): one unit of the hourly rank run per message. */
export const handler = workQueueConsumer('rank-recompute', recomputeUnitSchema, async (unit) => {
  await runRecomputeUnit(unit);
});
