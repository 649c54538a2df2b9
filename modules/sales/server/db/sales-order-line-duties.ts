import { inArray } from 'drizzle-orm';
import type { QuotedLine } from '../../shared/entities/sales-order-quote.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { salesOrderLineDuties } from '../../../../server/db/schema/vaping-duty.ts';

// Each line's vaping duty as figured on the order date, with the rates it used: the snapshot a
// later rate never moves (docs/domain/sales.md "Vaping duty"), rewritten with the figures
// after every draft write like the tier price and discounts beside it.

type LineDuty = Pick<
  QuotedLine,
  | 'federal_duty_rate_id'
  | 'federal_duty'
  | 'provincial_duty_rate_id'
  | 'provincial_duty'
  | 'duty_per_unit'
  | 'duty_total'
>;

/** Replaces the duty rows of `lineIds` by `duties`, in the same order. */
export async function writeLineDuties(
  tx: Tx,
  lineIds: readonly number[],
  duties: readonly LineDuty[],
): Promise<void> {
  if (lineIds.length === 0) return;
  await tx
    .delete(salesOrderLineDuties)
    .where(inArray(salesOrderLineDuties.salesOrderLineId, [...lineIds]));
  const rows = lineIds.flatMap((id, i) => {
    const d = duties[i];
    return d
      ? [
          {
            salesOrderLineId: id,
            federalDutyRateId: d.federal_duty_rate_id,
            federalDuty: String(d.federal_duty),
            provincialDutyRateId: d.provincial_duty_rate_id,
            provincialDuty: String(d.provincial_duty),
            dutyPerUnit: String(d.duty_per_unit),
            dutyTotal: String(d.duty_total),
          },
        ]
      : [];
  });
  if (rows.length > 0) await tx.insert(salesOrderLineDuties).values(rows);
}
