import { eq } from 'drizzle-orm';
import type { Tx } from '../../../server/db/client.ts';
import {
  accountMappings,
  glAccounts,
  taxSetupLines,
  taxSetups,
} from '../../../server/db/schema/accounting.ts';
import { customerAddresses, customers } from '../../../server/db/schema/customers.ts';
import {
  currencies,
  locations,
  parameters,
  parameterTypes,
  provinces,
  settings,
  tags,
} from '../../../server/db/schema/general.ts';
import { setTags } from '../../../server/db/taggables.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_CUSTOMERS,
  DEMO_LOCATIONS,
  DEMO_LOOKUPS,
  DEMO_MAPPINGS,
  DEMO_SETTINGS,
  DEMO_TAGS,
  DEMO_TAX_SETUPS,
} from './demo-general.data.ts';

// Administration's demo data (docs/domain/general.md §1): lookups, sites, a Canadian chart of
// accounts and its mappings, provincial sales taxes, customers with addresses and tags. Runs after
// the reference data (countries, provinces, currencies) in the demo seed's transaction; rows that
// another seed already made (same code) are left alone.

async function idsByCode<T extends { id: number }>(rows: Promise<(T & { code: string })[]>) {
  return new Map((await rows).map((r) => [r.code, r.id]));
}

function need(map: Map<string, number>, code: string): number {
  const id = map.get(code);
  if (id === undefined) throw new Error(`demo data: no row with code ${code}`);
  return id;
}

async function seedLookups(tx: Tx): Promise<void> {
  for (const [code, name, values] of DEMO_LOOKUPS) {
    await tx.insert(parameterTypes).values({ code, name }).onConflictDoNothing();
    const [type] = await tx.select().from(parameterTypes).where(eq(parameterTypes.code, code));
    if (!type) throw new Error(`demo data: parameter type ${code}`);
    await tx
      .insert(parameters)
      .values(
        values.map(([valueCode, valueName], sort) => ({
          parameterTypeId: type.id,
          code: valueCode,
          name: valueName,
          sort: (sort + 1) * 10,
        })),
      )
      .onConflictDoNothing();
  }
}

async function seedLocations(tx: Tx, province: Map<string, number>): Promise<void> {
  for (const [code, name, type, parent, prov, address] of DEMO_LOCATIONS) {
    const parentId = parent
      ? (await tx.select().from(locations).where(eq(locations.code, parent)))[0]?.id
      : undefined;
    await tx
      .insert(locations)
      .values({ code, name, type, parentId, provinceId: need(province, prov), address })
      .onConflictDoNothing();
  }
}

async function seedAccounts(tx: Tx): Promise<Map<string, number>> {
  const accounts = new Map<string, number>();
  for (const [code, name, type, parent, postable] of DEMO_ACCOUNTS) {
    const [row] = await tx
      .insert(glAccounts)
      .values({
        code,
        name,
        type,
        isPostable: postable,
        parentId: parent ? need(accounts, parent) : null,
      })
      .returning();
    if (row) accounts.set(code, row.id);
  }
  const site = await idsByCode(tx.select().from(locations));
  await tx.insert(accountMappings).values(
    DEMO_MAPPINGS.map(([mappingKey, account, location]) => ({
      mappingKey,
      glAccountId: need(accounts, account),
      locationId: location ? need(site, location) : null,
    })),
  );
  return accounts;
}

async function seedTaxes(
  tx: Tx,
  province: Map<string, number>,
  accounts: Map<string, number>,
): Promise<Map<string, number>> {
  const setups = new Map<string, number>();
  for (const [name, prov, from, to, lines] of DEMO_TAX_SETUPS) {
    const [setup] = await tx
      .insert(taxSetups)
      .values({ name, provinceId: need(province, prov), effectiveFrom: from, effectiveTo: to })
      .returning();
    if (!setup) throw new Error(`demo data: tax setup ${name}`);
    if (to === null) setups.set(prov, setup.id);
    await tx.insert(taxSetupLines).values(
      lines.map(([taxCode, rate, account]) => ({
        taxSetupId: setup.id,
        taxCode,
        rate: String(rate),
        glAccountId: need(accounts, account),
      })),
    );
  }
  return setups;
}

async function seedCustomers(
  tx: Tx,
  province: Map<string, number>,
  setups: Map<string, number>,
): Promise<void> {
  const currency = await idsByCode(tx.select().from(currencies));
  const tag = new Map(
    (
      await tx
        .insert(tags)
        .values(DEMO_TAGS.map(([name, color]) => ({ name, color })))
        .returning()
    ).map((t) => [t.name, t.id]),
  );
  for (const c of DEMO_CUSTOMERS) {
    const [row] = await tx
      .insert(customers)
      .values({
        code: c.code,
        name: c.name,
        type: c.type,
        currencyId: need(currency, c.currency),
        taxSetupId: need(setups, c.province),
        paymentTermsDays: c.terms,
        creditLimit: String(c.creditLimit),
        vapeLicenceNo: c.licence,
      })
      .returning();
    if (!row) throw new Error(`demo data: customer ${c.code}`);
    await tx.insert(customerAddresses).values(
      c.addresses.map(([kind, address, prov, postalCode], i) => ({
        customerId: row.id,
        kind,
        address,
        provinceId: need(province, prov),
        postalCode,
        isDefault: c.addresses.findIndex((a) => a[0] === kind) === i,
      })),
    );
    await setTags(
      tx,
      'customers',
      row.id,
      c.tags.map((t) => need(tag, t)),
    );
  }
}

export async function seedDemoGeneral(tx: Tx): Promise<void> {
  const province = await idsByCode(tx.select().from(provinces));
  await seedLookups(tx);
  await seedLocations(tx, province);
  const accounts = await seedAccounts(tx);
  const setups = await seedTaxes(tx, province, accounts);
  await seedCustomers(tx, province, setups);
  await tx
    .insert(settings)
    .values(DEMO_SETTINGS.map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: settings.key });
}
