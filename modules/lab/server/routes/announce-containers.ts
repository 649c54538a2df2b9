import { RECEIVING_CONTAINERS } from '../../shared/entities/receiving-containers.entity.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { resolveBinding } from '../../../../server/http/entity/entity-binding.ts';
import { findRow } from '../../../../server/http/entity/entity-queries.ts';
import { publishChange } from '../../../../server/http/entity/publish-change.ts';
import type { ChangedContainers } from './lab-receiving-effects.ts';
import { containersBinding } from './receiving-containers.binding.ts';

// `container.updated` on `private-lab.receiving` for containers whose status moved outside
// their own routes (their receiving's events, a batching pick of their lot), once committed.

/** Container ids the caller changed → their broadcasts, as the list reads them now. */
export function containerAnnouncer(
  deps: Pick<AppDeps, 'database' | 'realtime'>,
): ChangedContainers {
  const containers = resolveBinding(containersBinding);
  return async (ids) => {
    for (const id of ids) {
      const row = await findRow(deps.database.db, containers, id);
      if (row) await publishChange(deps, RECEIVING_CONTAINERS, 'updated', row);
    }
  };
}
