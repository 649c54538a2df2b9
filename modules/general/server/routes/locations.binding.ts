import { inArray } from 'drizzle-orm';
import { LOCATIONS } from '../../shared/entities/locations.entity.ts';
import { locations, provinces } from '../../../../server/db/schema/general.ts';
import {
  qualified,
  refLabel,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { assertNotOwnAncestor } from './tree-parent.ts';

export const locationsBinding: EntityBinding = {
  entity: LOCATIONS,
  table: locations,
  computed: {
    parent_name: refLabel(locations.parentId, locations),
    province_name: refLabel(locations.provinceId, provinces),
  },
  // A picker of some kinds of place names their types, comma-separated (a lab receiving's:
  // `lab,quarantine`); the write that uses the location checks its type itself.
  optionsOfType: (types) => inArray(qualified(locations.type), types.split(',')),
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      if ('parent_id' in values)
        await assertNotOwnAncestor(tx, 'locations', before?.id, values.parent_id);
    },
  },
};
