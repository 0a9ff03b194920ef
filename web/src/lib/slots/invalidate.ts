import { mutate } from 'swr';
import { invalidate, type ReadKey } from '@/lib/route-data';

/** What a slot change makes stale: every slot list page (My slots and the console alike) and the counts. */
export const slotReads = ['GET /api/slots', 'GET /api/slots/count'] as const satisfies readonly ReadKey[];
/** After money moved for slots: the balance too. */
export const slotAndBalanceReads = [...slotReads, 'GET /api/cash/balance'] as const satisfies readonly ReadKey[];

/** For code outside a component (a list action, a row save): the app's one swr cache. */
export const revalidateSlots = () => invalidate(mutate, slotReads);
