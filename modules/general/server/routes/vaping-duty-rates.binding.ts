import { sql } from 'drizzle-orm';
import { VAPING_DUTY_RATES } from '../../shared/entities/vaping-duty-rates.entity.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { parameters } from '../../../../server/db/schema/general.ts';
import { vapingDutyRates } from '../../../../server/db/schema/vaping-duty.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import {
  refLabel,
  type EntityBinding,
  type WriteContext,
} from '../../../../server/http/entity/entity-binding.ts';

// Vaping duty rates, admin's (docs/domain/sales.md "Vaping duty"). A rate a sales order line was
// figured with never changes: a new rate is a new row from a later date, so the orders before it
// keep theirs. Deleting a used rate is refused by its references (409 database_delete_1451).

async function usedBy(ctx: WriteContext, id: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.tx,
    sql`select count(*)::int as n from sales_order_line_duties
         where federal_duty_rate_id = ${id} or provincial_duty_rate_id = ${id}`,
  );
  return Number(row?.n ?? 0);
}

async function isStampJurisdiction(ctx: WriteContext, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    ctx.tx,
    sql`select p.id from parameters p join parameter_types t on t.id = p.parameter_type_id
         where p.id = ${id} and t.code = 'stamp_jurisdiction'`,
  );
  return rows.length > 0;
}

async function beforeWrite(ctx: WriteContext): Promise<Record<string, unknown> | void> {
  const row = { ...(ctx.before ?? {}), ...ctx.values };
  if (ctx.before) {
    const lines = await usedBy(ctx, ctx.before.id);
    if (lines > 0) {
      throw ruleError(
        'effective_from',
        `${lines} sales order line(s) were figured with this rate; add a new rate from a later date instead`,
      );
    }
  }
  if (row.kind === 'federal') return { stamp_jurisdiction_id: null };
  const jurisdiction = row.stamp_jurisdiction_id;
  if (jurisdiction === null || jurisdiction === undefined) {
    throw ruleError('stamp_jurisdiction_id', 'required');
  }
  if (!(await isStampJurisdiction(ctx, Number(jurisdiction)))) {
    throw ruleError('stamp_jurisdiction_id', 'Choose a stamp jurisdiction');
  }
}

export const vapingDutyRatesBinding: EntityBinding = {
  entity: VAPING_DUTY_RATES,
  table: vapingDutyRates,
  computed: {
    stamp_jurisdiction_name: refLabel(vapingDutyRates.stampJurisdictionId, parameters),
  },
  hooks: { beforeWrite },
};
