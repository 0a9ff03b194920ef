import { useRoute } from '@/lib/route-data';

/** GET /field-configs: the slot forms are generated from this list (three features read it). */
export const useFieldConfigs = () => useRoute('GET /api/field-configs', undefined, { revalidateOnFocus: false });
