import type { SlotDto, SlotListQueryInput } from '#shared/schemas/slots';
import { api } from '@/lib/api-client';
import { slotsInput } from '@/lib/slots/get-slots';

/** Every slot matching the list's filters, page by page (100 a page), for the download. */
export async function getAllSlots(query: SlotListQueryInput, maxPages = 100): Promise<SlotDto[]> {
  const items: SlotDto[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await api.call('GET /api/slots', slotsInput({ ...query, page, limit: 100 }));
    items.push(...answer.items);
    if (page >= answer.pagination.totalPages || answer.items.length === 0) break;
  }
  return items;
}
