import { listFieldConfigs } from '../domain/field-configs/field-config-service';
import { defineGroup, op } from '../http/api-handler';

/** GET /api/field-configs: the slot forms are generated from this list (spec §3 field config). */
export const handler = defineGroup('fieldConfigs', {
  list: op({}, () => listFieldConfigs()),
});
