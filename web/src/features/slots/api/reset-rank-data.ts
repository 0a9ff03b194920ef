import type { RankDeleteQueryDto } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';

/**
 * A keyword or URL change resets the slot's rank (spec §4): first GET rank-delete-query (what would
 * go), then DELETE rank-data. A failure here is only logged; the edit goes on.
 */
export const getRankDeleteQuery = (id: string) => api.get<RankDeleteQueryDto>(`/slots/${encodeURIComponent(id)}/rank-delete-query`);

export const deleteRankData = (id: string) => api.delete<{ message?: string }>(`/slots/${encodeURIComponent(id)}/rank-data`);

export async function resetRankData(id: string): Promise<boolean> {
  try {
    await getRankDeleteQuery(id);
    await deleteRankData(id);
    return true;
  } catch (error) {
    console.error('순위 정보 초기화 실패', error);
    return false;
  }
}
