import { and, eq, sql } from 'drizzle-orm';
import { ACCOUNT_MAPPINGS, MAPPING_KEY } from '../../shared/entities/account-mappings.entity.ts';
import { CHART_OF_ACCOUNTS_LIST } from '../../shared/entities/chart-of-accounts-list.entity.ts';
import { GL_ACCOUNTS } from '../../shared/entities/gl-accounts.entity.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { accountMappings, glAccounts } from '../../../../server/db/schema/accounting.ts';
import { locations } from '../../../../server/db/schema/general.ts';
import { categories } from '../../../../server/db/schema/inventory.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import {
  qualified,
  refLabel,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { assertNotOwnAncestor } from './tree-parent.ts';

// The chart of accounts, the mappings onto it, and the read-only chart-of-accounts report.
// A parent is a header: of the same type and not postable. Mappings post only to active,
// postable accounts, so an account they use stays postable.

const accountId = qualified(glAccounts.id);

const accountLabel = (fk: Parameters<typeof qualified>[0]) =>
  sql<
    string | null
  >`(select g.code || ' ' || g.name from gl_accounts g where g.id = ${qualified(fk)})`;

async function checkParent(tx: Tx, self: number | undefined, parentId: unknown, type: unknown) {
  if (typeof parentId !== 'number') return;
  await assertNotOwnAncestor(tx, 'gl_accounts', self, parentId);
  const [parent] = await tx.select().from(glAccounts).where(eq(glAccounts.id, parentId));
  if (!parent) throw ruleError('parent_id', 'exists');
  if (parent.type !== type)
    throw ruleError('parent_id', `The parent must be a ${String(type)} account`);
  if (parent.isPostable) {
    throw ruleError('parent_id', `${parent.code} is postable; a parent must be a header account`);
  }
}

async function checkPostableChange(tx: Tx, id: number, postable: boolean) {
  if (postable) {
    const [child] = await tx
      .select({ code: glAccounts.code })
      .from(glAccounts)
      .where(eq(glAccounts.parentId, id))
      .limit(1);
    if (child) throw ruleError('is_postable', `A header of ${child.code} cannot be postable`);
    return;
  }
  const [mapping] = await tx
    .select({ key: accountMappings.mappingKey })
    .from(accountMappings)
    .where(eq(accountMappings.glAccountId, id))
    .limit(1);
  if (mapping) throw ruleError('is_postable', `${mapping.key} posts here; remap it first`);
}

export const glAccountsBinding: EntityBinding = {
  entity: GL_ACCOUNTS,
  table: glAccounts,
  computed: { parent_name: accountLabel(glAccounts.parentId) },
  hooks: {
    beforeWrite: async ({ tx, values, before }) => {
      const merged = { ...before, ...values };
      if ('parent_id' in values || ('type' in values && values.type !== before?.type)) {
        await checkParent(tx, before?.id, merged.parent_id, merged.type);
      }
      if (before && 'type' in values && values.type !== before.type) {
        const [child] = await tx
          .select({ code: glAccounts.code })
          .from(glAccounts)
          .where(
            and(
              eq(glAccounts.parentId, before.id),
              sql`${glAccounts.type} <> ${String(values.type)}`,
            ),
          )
          .limit(1);
        if (child) throw ruleError('type', `${child.code} below it is of the old type`);
      }
      const postable = merged.is_postable !== false;
      if (
        before &&
        (postable !== before.is_postable || (values.active === false && before.active))
      ) {
        await checkPostableChange(tx, before.id, postable && values.active !== false);
      }
    },
  },
};

export const accountMappingsBinding: EntityBinding = {
  entity: ACCOUNT_MAPPINGS,
  table: accountMappings,
  computed: {
    category_name: refLabel(accountMappings.categoryId, categories),
    location_name: refLabel(accountMappings.locationId, locations),
    gl_account_name: accountLabel(accountMappings.glAccountId),
  },
  hooks: {
    beforeWrite: async ({ tx, values }) => {
      if (typeof values.mapping_key === 'string' && !MAPPING_KEY.test(values.mapping_key)) {
        throw ruleError('mapping_key', 'Use module.name, e.g. inventory.asset or tax.HST');
      }
      if (typeof values.gl_account_id !== 'number') return;
      const [account] = await tx
        .select({ isPostable: glAccounts.isPostable, active: glAccounts.active })
        .from(glAccounts)
        .where(eq(glAccounts.id, values.gl_account_id));
      if (!account) throw ruleError('gl_account_id', 'exists');
      if (!account.isPostable || !account.active) {
        throw ruleError('gl_account_id', 'Choose an active, postable account');
      }
    },
  },
};

export const chartOfAccountsListBinding: EntityBinding = {
  entity: CHART_OF_ACCOUNTS_LIST,
  table: glAccounts,
  computed: {
    parent_code: refLabel(glAccounts.parentId, glAccounts, 'code'),
    depth: sql<number>`(with recursive up(id, parent_id, depth) as (
        select g.id, g.parent_id, 0 from gl_accounts g where g.id = ${accountId}
        union all
        select p.id, p.parent_id, up.depth + 1 from gl_accounts p join up on p.id = up.parent_id
         where up.depth < 50)
      select max(up.depth) from up)`.mapWith(Number),
    mapped_keys: sql<string>`(select coalesce(string_agg(distinct m.mapping_key, ', ' order by m.mapping_key), '')
        from account_mappings m where m.gl_account_id = ${accountId})`,
  },
};
