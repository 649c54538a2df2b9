import { sql, type SQL } from 'drizzle-orm';
import { ALLOCATION_OPEN_STATUSES } from '../schema/allocations.ts';

// Allocated = Σ qty_allocated − qty_shipped of open packing-list lines (docs/domain/README.md §0):
// computed, never stored. Each argument is an SQL expression of the place asked about; null lot or
// bin arguments match lines without one.

const open = sql.join(
  ALLOCATION_OPEN_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

export function allocatedAt(product: SQL, location: SQL, lot?: SQL, bin?: SQL): SQL {
  return sql`(select coalesce(sum(al.qty_allocated - al.qty_shipped), 0)
      from allocation_lines al join allocations a on a.id = al.allocation_id
     where a.status in (${open}) and al.product_id = ${product}
       and a.ship_from_location_id = ${location}
       ${lot ? sql`and coalesce(al.lot_id, 0) = coalesce(${lot}, 0)` : sql``}
       ${bin ? sql`and coalesce(al.bin_id, 0) = coalesce(${bin}, 0)` : sql``})`;
}

/** Allocated of a product over every location. */
export function allocatedOf(product: SQL): SQL {
  return sql`(select coalesce(sum(al.qty_allocated - al.qty_shipped), 0)
      from allocation_lines al join allocations a on a.id = al.allocation_id
     where a.status in (${open}) and al.product_id = ${product})`;
}
