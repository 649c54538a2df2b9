import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  TAX_SETUPS,
  taxSetupLineSchema,
  type TaxSetupLineInput,
} from '../../shared/entities/tax-setups.entity.ts';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { glAccounts, taxSetupLines, taxSetups } from '../../../../server/db/schema/accounting.ts';
import { provinces } from '../../../../server/db/schema/general.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import {
  qualified,
  refLabel,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';

// A province's sales taxes over a period. Periods of one province never overlap (an open end
// runs forever); writers of one province are serialised by locking its row, so two
// overlapping setups cannot both pass the check. `lines` replaces the taxes when sent.

const id = qualified(taxSetups.id);

async function assertNoOverlap(
  tx: Tx,
  self: number | undefined,
  provinceId: number,
  from: string,
  to: string | null,
): Promise<void> {
  await tx.execute(sql`select id from provinces where id = ${provinceId} for update`);
  const [clash] = await queryRows<{ name: string; from: string; to: string | null }>(
    tx,
    sql`select name, to_char(effective_from, 'YYYY-MM-DD') as "from",
               to_char(effective_to, 'YYYY-MM-DD') as "to"
          from tax_setups
         where province_id = ${provinceId} and id <> ${self ?? 0}
           and effective_from <= coalesce(${to}::date, 'infinity'::date)
           and coalesce(effective_to, 'infinity'::date) >= ${from}::date
         order by effective_from limit 1`,
  );
  if (clash) {
    throw ruleError(
      'effective_from',
      `Overlaps "${clash.name}" (${clash.from} to ${clash.to ?? 'open'}) for the same province`,
    );
  }
}

async function checkLines(tx: Tx, lines: readonly TaxSetupLineInput[]): Promise<void> {
  const seen = new Set<string>();
  for (const [i, line] of lines.entries()) {
    if (seen.has(line.tax_code)) throw ruleError(`lines.${i}.tax_code`, 'unique');
    seen.add(line.tax_code);
    if (line.gl_account_id == null) continue;
    const [account] = await tx
      .select({ isPostable: glAccounts.isPostable, active: glAccounts.active })
      .from(glAccounts)
      .where(eq(glAccounts.id, line.gl_account_id));
    if (!account) throw ruleError(`lines.${i}.gl_account_id`, 'exists');
    if (!account.isPostable || !account.active) {
      throw ruleError(`lines.${i}.gl_account_id`, 'Choose an active, postable account');
    }
  }
}

async function readLines(db: Db | Tx, setupId: number) {
  return db
    .select({
      id: taxSetupLines.id,
      tax_code: taxSetupLines.taxCode,
      rate: sql<number>`${taxSetupLines.rate}::float8`.mapWith(Number),
      compound: taxSetupLines.compound,
      gl_account_id: taxSetupLines.glAccountId,
      gl_account_name: sql<
        string | null
      >`(select g.code || ' ' || g.name from gl_accounts g where g.id = ${taxSetupLines.glAccountId})`,
    })
    .from(taxSetupLines)
    .where(eq(taxSetupLines.taxSetupId, setupId))
    .orderBy(asc(taxSetupLines.id));
}

const fromLines = {
  tax_codes: sql<string>`(select coalesce(string_agg(l.tax_code, ' + ' order by l.id), '') from tax_setup_lines l where l.tax_setup_id = ${id})`,
  // Compound taxes apply on top of the others (the old Quebec and PEI way).
  total_rate: sql<number>`(select (coalesce(sum(l.rate) filter (where not l.compound), 0)
      + coalesce(sum(l.rate) filter (where l.compound), 0)
        * (1 + coalesce(sum(l.rate) filter (where not l.compound), 0) / 100))::float8
      from tax_setup_lines l where l.tax_setup_id = ${id})`.mapWith(Number),
};

export const taxSetupsBinding: EntityBinding = {
  entity: TAX_SETUPS,
  table: taxSetups,
  computed: { province_name: refLabel(taxSetups.provinceId, provinces), ...fromLines },
  extraBody: { lines: z.array(taxSetupLineSchema).max(4).optional() },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      const from = String(values.effective_from ?? before?.effective_from);
      const to = (
        values.effective_to !== undefined ? values.effective_to : before?.effective_to
      ) as string | null;
      if (to !== null && to !== undefined && to < from) {
        throw ruleError('effective_to', 'Effective to must be on or after effective from');
      }
      const provinceId = Number(values.province_id ?? before?.province_id);
      await assertNoOverlap(tx, before?.id, provinceId, from, to ?? null);
      const lines = values.lines as TaxSetupLineInput[] | undefined;
      if (lines) await checkLines(tx, lines);
    },
    afterWrite: async ({ tx, values, after }) => {
      const lines = values.lines as TaxSetupLineInput[] | undefined;
      if (!lines) return;
      await tx.delete(taxSetupLines).where(eq(taxSetupLines.taxSetupId, after.id));
      if (lines.length === 0) return;
      await tx.insert(taxSetupLines).values(
        lines.map((l) => ({
          taxSetupId: after.id,
          taxCode: l.tax_code,
          rate: String(l.rate),
          compound: l.compound ?? false,
          glAccountId: l.gl_account_id ?? null,
        })),
      );
    },
  },
  // Read after the lines are written: the row itself is read before afterWrite runs, so its
  // figures from the lines are refreshed here for the answer and the broadcast.
  readExtra: async (db, row) => {
    const [figures] = await db.select(fromLines).from(taxSetups).where(eq(taxSetups.id, row.id));
    return { ...figures, lines: await readLines(db, row.id) };
  },
};
