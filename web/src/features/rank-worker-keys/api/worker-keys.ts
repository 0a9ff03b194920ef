import useSWR from 'swr';
import { z } from '#shared/zod';
import { api } from '@/lib/api-client';

/**
 * Rank-check worker keys (design §5: POST/GET /api/rank/worker-keys, DELETE /api/rank/worker-keys/{id},
 * developer only). The full key comes back once, in the creation answer; lists carry only its prefix.
 */
export const workerKeyNameSchema = z.object({
  name: z
    .string({ error: '키 이름을 입력해주세요.' })
    .trim()
    .min(1, '키 이름을 입력해주세요.')
    .max(50, '키 이름은 50자 이하로 입력해주세요.'),
});
export type WorkerKeyNameInput = z.output<typeof workerKeyNameSchema>;

export interface WorkerKeyDto {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
/** The creation answer: the only time the full key is shown. */
export interface CreatedWorkerKeyDto {
  id: string;
  name: string;
  key: string;
  prefix: string;
  createdAt: string;
}

export const workerKeysPath = '/rank/worker-keys';
export const workerKeysKey = workerKeysPath;

export const getWorkerKeys = () => api.get<{ items: WorkerKeyDto[] }>(workerKeysPath);

export function useWorkerKeys() {
  return useSWR(workerKeysKey, getWorkerKeys, { revalidateOnFocus: false });
}

/** The caller reads the list again afterwards (useWorkerKeys().mutate). */
export const createWorkerKey = (input: WorkerKeyNameInput) =>
  api.post<CreatedWorkerKeyDto>(workerKeysPath, workerKeyNameSchema.parse(input));

export const revokeWorkerKey = (id: string) => api.delete<unknown>(`${workerKeysPath}/${encodeURIComponent(id)}`);
