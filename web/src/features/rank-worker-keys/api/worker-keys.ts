import type { NewWorkerKeyDto, WorkerKeyDto } from '#shared/schemas/rank';
import { z } from '#shared/zod';
import { api } from '@/lib/api-client';

/**
 * Rank-check worker keys (POST/GET /api/rank/worker-keys, DELETE /api/rank/worker-keys/{id},
 * developer only). The full key comes back once, in the creation answer; lists carry only its prefix.
 */
export const workerKeyNameSchema = z.object({
  name: z
    .string({ error: '키 이름을 입력해주세요.' })
    .check(z.trim(), z.minLength(1, '키 이름을 입력해주세요.'), z.maxLength(50, '키 이름은 50자 이하로 입력해주세요.')),
});
export type WorkerKeyNameInput = z.output<typeof workerKeyNameSchema>;

export type { WorkerKeyDto };
/** The creation answer: the only time the full key is shown. */
export type CreatedWorkerKeyDto = NewWorkerKeyDto;

/** The caller reads the list again afterwards (its useRoute's mutate). */
export const createWorkerKey = (input: WorkerKeyNameInput) =>
  api.call('POST /api/rank/worker-keys', { body: workerKeyNameSchema.parse(input) });

export const revokeWorkerKey = (id: string) => api.call('DELETE /api/rank/worker-keys/{id}', { path: { id } });
