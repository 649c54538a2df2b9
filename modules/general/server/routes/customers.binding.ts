import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { priceTiers } from '../../../../server/db/schema/inventory.ts';
import {
  CUSTOMERS,
  customerAddressSchema,
  type CustomerAddressInput,
} from '../../shared/entities/customers.entity.ts';
import type { Db, Tx } from '../../../../server/db/client.ts';
import { customerAddresses, customers } from '../../../../server/db/schema/customers.ts';
import { currencies, provinces, tags } from '../../../../server/db/schema/general.ts';
import { taxSetups } from '../../../../server/db/schema/accounting.ts';
import { setTags, tagsOf } from '../../../../server/db/taggables.ts';
import { ruleError } from '../../../../server/errors/api-error.ts';
import { refLabel, type EntityBinding } from '../../../../server/http/entity/entity-binding.ts';

// A customer and its bill/ship addresses, saved together: sending `addresses` replaces them
// all in the customer's transaction; leaving it out keeps them. `tag_ids` works the same way.

const TAGGABLE_TYPE = 'customers';

function checkDefaults(addresses: readonly CustomerAddressInput[]): void {
  for (const kind of ['bill', 'ship'] as const) {
    const defaults = addresses.filter((a) => a.kind === kind && a.is_default === true);
    if (defaults.length > 1) {
      throw ruleError('addresses', `Only one ${kind} address can be the default`);
    }
  }
}

/** Unknown ids are named at their place in the payload, not by the column they fail in. */
async function checkReferences(
  tx: Tx,
  addresses: readonly CustomerAddressInput[] | undefined,
  tagIds: readonly number[] | undefined,
): Promise<void> {
  for (const [i, a] of (addresses ?? []).entries()) {
    if (a.province_id == null) continue;
    const [found] = await tx
      .select({ id: provinces.id })
      .from(provinces)
      .where(eq(provinces.id, a.province_id));
    if (!found) throw ruleError(`addresses.${i}.province_id`, 'exists');
  }
  if (!tagIds || tagIds.length === 0) return;
  const known = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(inArray(tags.id, [...tagIds]));
  if (known.length !== new Set(tagIds).size) throw ruleError('tag_ids', 'exists');
}

async function replaceAddresses(
  tx: Tx,
  customerId: number,
  addresses: readonly CustomerAddressInput[],
): Promise<void> {
  await tx.delete(customerAddresses).where(eq(customerAddresses.customerId, customerId));
  if (addresses.length === 0) return;
  await tx.insert(customerAddresses).values(
    addresses.map((a) => ({
      customerId,
      kind: a.kind,
      address: a.address,
      provinceId: a.province_id ?? null,
      postalCode: a.postal_code,
      isDefault: a.is_default ?? false,
    })),
  );
}

async function readAddresses(db: Db | Tx, customerId: number) {
  return db
    .select({
      id: customerAddresses.id,
      kind: customerAddresses.kind,
      address: customerAddresses.address,
      province_id: customerAddresses.provinceId,
      province_name: sql<
        string | null
      >`(select p.name from provinces p where p.id = ${customerAddresses.provinceId})`,
      postal_code: customerAddresses.postalCode,
      is_default: customerAddresses.isDefault,
    })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(asc(customerAddresses.kind), asc(customerAddresses.id));
}

export const customersBinding: EntityBinding = {
  entity: CUSTOMERS,
  table: customers,
  computed: {
    currency_code: refLabel(customers.currencyId, currencies, 'code'),
    tax_setup_name: refLabel(customers.taxSetupId, taxSetups),
    price_tier_name: refLabel(customers.priceTierId, priceTiers),
  },
  extraBody: {
    addresses: z.array(customerAddressSchema).max(20).optional(),
    tag_ids: z
      .array(z.coerce.number().int().positive({ message: 'exists' }))
      .max(50)
      .optional(),
  },
  hooks: {
    beforeWrite: async ({ tx, values }) => {
      const addresses = values.addresses as CustomerAddressInput[] | undefined;
      if (addresses) checkDefaults(addresses);
      await checkReferences(tx, addresses, values.tag_ids as number[] | undefined);
    },
    afterWrite: async ({ tx, values, after }) => {
      const addresses = values.addresses as CustomerAddressInput[] | undefined;
      if (addresses) await replaceAddresses(tx, after.id, addresses);
      const tagIds = values.tag_ids as number[] | undefined;
      if (tagIds) await setTags(tx, TAGGABLE_TYPE, after.id, tagIds);
    },
    // Addresses go with the row (cascade); tag links have no foreign key to it.
    beforeDelete: async ({ tx, before }) => setTags(tx, TAGGABLE_TYPE, before.id, []),
  },
  readExtra: async (db, row) => ({
    addresses: await readAddresses(db, row.id),
    tag_ids: (await tagsOf(db, TAGGABLE_TYPE, row.id)).map((t) => t.id),
  }),
};
