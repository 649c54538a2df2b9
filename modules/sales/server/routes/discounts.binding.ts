import { eq, sql } from 'drizzle-orm';
import { DISCOUNTS } from '../../shared/entities/discounts.entity.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { discounts } from '../../../../server/db/schema/sales.ts';
import {
  DEFAULT_DISCOUNT_APPROVAL_AMOUNT,
  DEFAULT_DISCOUNT_APPROVAL_PCT,
  discountOverLimit,
} from '../../shared/entities/discount-approval.ts';
import type { SessionUser } from '../../../../server/auth/session-user.ts';
import { numberSetting } from '../../../../server/db/setting-value.ts';
import { ruleError, validationError } from '../../../../server/errors/api-error.ts';
import { qualified, type EntityBinding } from '../../../../server/http/entity/entity-binding.ts';

// Discounts on the entity pattern. A percent over 100 is refused with `max` (an amount has no
// upper bound); a scope other than "every line" names a row that exists in the table of its
// scope, and "every line" names none. A discount over the approval limits waits for a manager
// (discount-events.routes.ts) and applies to no order until approved.

const SCOPE_TABLES: Readonly<Record<string, string>> = {
  customer: 'customers',
  product: 'products',
  family: 'product_families',
  brand: 'brands',
  category: 'categories',
};

const scopeId = qualified(discounts.scopeId);
const scopeLabel = (table: string, column: string) =>
  sql`(select r.${sql.identifier(column)} from ${sql.identifier(table)} r where r.id = ${scopeId})`;

async function checkScope(tx: Tx, scope: string, id: unknown) {
  const table = SCOPE_TABLES[scope];
  if (!table) {
    if (id !== null && id !== undefined) throw ruleError('scope_id', 'Every line needs no scope');
    return;
  }
  if (id === null || id === undefined) throw validationError({ scope_id: 'requiredif' });
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from ${sql.identifier(table)} where id = ${Number(id)}`,
  );
  if (!row) throw validationError({ scope_id: 'exists' });
}

/**
 * Every save decides the approval anew: within the limits (or saved by a manager) the discount
 * applies at once; over them it waits for a manager, whoever approved an earlier version.
 */
async function approvalOnSave(
  tx: Tx,
  actor: SessionUser,
  discount: Record<string, unknown>,
): Promise<Pick<typeof discounts.$inferInsert, 'status' | 'submittedBy' | 'approvedBy'>> {
  const limits = {
    pct: await numberSetting(tx, 'sales.discount_approval_pct', DEFAULT_DISCOUNT_APPROVAL_PCT),
    amount: await numberSetting(
      tx,
      'sales.discount_approval_amount',
      DEFAULT_DISCOUNT_APPROVAL_AMOUNT,
    ),
  };
  const over = discountOverLimit(
    { kind: String(discount.kind), value: Number(discount.value) },
    limits,
  );
  const approver = actor.roles.some((r) => r === 'admin' || r === 'manager');
  if (over && !approver) {
    return { status: 'pending_approval', submittedBy: actor.id, approvedBy: null };
  }
  return { status: 'approved', submittedBy: actor.id, approvedBy: over ? actor.id : null };
}

export const discountsBinding: EntityBinding = {
  entity: DISCOUNTS,
  table: discounts,
  computed: {
    scope_name: sql<string | null>`case ${qualified(discounts.scope)}
      when 'all' then 'Every line'
      when 'customer' then ${scopeLabel('customers', 'name')}
      when 'product' then ${scopeLabel('products', 'sku')}
      when 'family' then ${scopeLabel('product_families', 'name')}
      when 'brand' then ${scopeLabel('brands', 'name')}
      when 'category' then ${scopeLabel('categories', 'name')} end`,
  },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      const merged = { ...(before ?? {}), ...values };
      if (merged.kind === 'percent' && Number(merged.value) > 100) {
        throw validationError({ value: 'max' });
      }
      const from = merged.valid_from as string | null | undefined;
      const to = merged.valid_to as string | null | undefined;
      if (from && to && to < from) {
        throw ruleError('valid_to', 'Valid to must be on or after valid from');
      }
      const scope = typeof merged.scope === 'string' ? merged.scope : 'all';
      await checkScope(tx, scope, merged.scope_id);
    },
    afterWrite: async ({ tx, actor, after }) => {
      await tx
        .update(discounts)
        .set(await approvalOnSave(tx, actor, after))
        .where(eq(discounts.id, after.id));
    },
  },
};
