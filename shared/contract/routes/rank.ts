import { answerOf, type RouteContract } from '../route';
import { rankAuthMessages } from '../../messages/rank-auth';
import {
  observationBatchSchema,
  workerKeyCreateSchema,
  workerKeyIdPathSchema,
  workQuerySchema,
  type NewWorkerKeyDto,
  type ObservationBatchResult,
  type WorkerKeyDto,
  type WorkListDto,
} from '../../schemas/rank';
import type { RankAlertStateDto, RankOperationsDto } from '../../rank-operations';

/**
 * The `rank` group: worker keys (developers), the operations screen (staff) and the two rank-check
 * worker routes (`x-api-key`).
 */
export const rankRoutes = [
  {
    method: 'POST',
    path: '/api/rank/worker-keys',
    group: 'rank',
    op: 'createWorkerKey',
    access: 'developer',
    secretAnswer: true,
    input: { body: workerKeyCreateSchema },
    answer: answerOf<NewWorkerKeyDto>(),
  },
  {
    method: 'GET',
    path: '/api/rank/worker-keys',
    group: 'rank',
    op: 'listWorkerKeys',
    access: 'developer',
    answer: answerOf<{ items: WorkerKeyDto[] }>(),
  },
  {
    method: 'DELETE',
    path: '/api/rank/worker-keys/{id}',
    group: 'rank',
    op: 'revokeWorkerKey',
    access: 'developer',
    input: { path: workerKeyIdPathSchema },
    answer: answerOf<WorkerKeyDto>(),
  },
  {
    method: 'GET',
    path: '/api/rank/operations',
    group: 'rank',
    op: 'operations',
    access: 'operator',
    answer: answerOf<RankOperationsDto>(),
  },
  {
    method: 'GET',
    path: '/api/rank/alerts',
    group: 'rank',
    op: 'alerts',
    access: 'operator',
    answer: answerOf<{ items: RankAlertStateDto[] }>(),
  },
  {
    method: 'GET',
    path: '/api/rank/work',
    group: 'rank',
    op: 'work',
    access: 'worker',
    forbidden: rankAuthMessages.workerRouteForUsers,
    input: { query: workQuerySchema },
    answer: answerOf<WorkListDto>(),
  },
  {
    method: 'POST',
    path: '/api/rank/observations',
    group: 'rank',
    op: 'observations',
    access: 'worker',
    forbidden: rankAuthMessages.workerRouteForUsers,
    input: { body: observationBatchSchema },
    answer: answerOf<ObservationBatchResult>(),
  },
] as const satisfies readonly RouteContract[];
