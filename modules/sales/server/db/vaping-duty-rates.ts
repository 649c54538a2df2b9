import { sql } from 'drizzle-orm';
import {
  NO_DUTY,
  unitDuty,
  type UnitDuty,
  type VapingDutyRate,
} from '../../../general/shared/entities/vaping-duty.ts';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';

// Which vaping duty a product owes per unit on a date (docs/domain/sales.md "Vaping duty"): a
// stamped finished good owes the federal duty in force, and, when its stamp is a specified
// province's, that province's additional duty in force. An unstamped good has not entered the
// duty-paid market and owes none. Sales orders, the product screen and the report read it here.

type RateRow = VapingDutyRate & { stamp_jurisdiction_id: number | null };

/** Every rate in force on `date` (yyyy-MM-dd): the latest of each kind and jurisdiction. */
export async function dutyRatesInForce(db: Db | Tx, date: string): Promise<RateRow[]> {
  return queryRows<RateRow>(
    db,
    sql`select distinct on (r.kind, coalesce(r.stamp_jurisdiction_id, 0))
               r.id::int, r.kind, r.stamp_jurisdiction_id::int,
               r.first_tier_ml::float8, r.first_step_ml::float8, r.first_step_amount::float8,
               r.step_ml::float8, r.step_amount::float8
          from vaping_duty_rates r
         where r.effective_from <= ${date}::date
         order by r.kind, coalesce(r.stamp_jurisdiction_id, 0), r.effective_from desc`,
  );
}

type DutiableProduct = { id: number; volume_ml: number; stamp_jurisdiction_id: number | null };

/** Per-unit duty of each product on `date`; products that owe none are absent. */
export async function productDuties(
  db: Db | Tx,
  productIds: readonly number[],
  date: string,
): Promise<Map<number, UnitDuty>> {
  const duties = new Map<number, UnitDuty>();
  if (productIds.length === 0) return duties;
  const products = await queryRows<DutiableProduct>(
    db,
    sql`select p.id::int, p.volume_ml::float8, p.stamp_jurisdiction_id::int
          from products p
         where p.id in (${sql.join(
           productIds.map((i) => sql`${i}`),
           sql`, `,
         )})
           and p.type = 'finished_good' and p.stamp_jurisdiction_id is not null
           and p.volume_ml > 0`,
  );
  if (products.length === 0) return duties;
  const rates = await dutyRatesInForce(db, date);
  const federal = rates.find((r) => r.kind === 'federal') ?? null;
  for (const p of products) {
    const additional =
      rates.find(
        (r) => r.kind === 'additional' && r.stamp_jurisdiction_id === p.stamp_jurisdiction_id,
      ) ?? null;
    duties.set(p.id, unitDuty(p.volume_ml, federal, additional));
  }
  return duties;
}

/** The per-unit duty of one product on `date`, nothing owed when it owes none. */
export async function productDuty(db: Db | Tx, productId: number, date: string): Promise<UnitDuty> {
  return (await productDuties(db, [productId], date)).get(productId) ?? NO_DUTY;
}
