import { defineGroup, op } from '../http/api-handler';
import { fieldConfigsStore } from '../storage/field-configs';

/** GET /api/field-configs: the slot forms are generated from this list (spec §3 field config). */
export const handler = defineGroup('fieldConfigs', {
  list: op({}, () => fieldConfigsStore.list()),
});
