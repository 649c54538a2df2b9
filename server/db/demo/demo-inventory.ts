import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { ensureDocumentSequences } from '../document-number.ts';
import { locations, parameters, parameterTypes } from '../schema/general.ts';
import {
  bins,
  brands,
  categories,
  flavors,
  measures,
  productBins,
  productFamilies,
  products,
} from '../schema/inventory.ts';
import { hplcCategories } from '../schema/production.ts';
import { vapingDutyRates } from '../schema/vaping-duty.ts';
import {
  MEASURES,
  BRANDS,
  FLAVORS,
  CATEGORIES,
  FAMILIES,
  VARIANTS,
  STAMPED_FAMILIES,
  JURISDICTIONS,
} from './demo-inventory.data.ts';
import { seedChangeRequest, seedPriceTiers } from './demo-inventory-extras.ts';

// Inventory demo data: the catalogue of a Canadian e-liquid maker. Each flavour line comes in
// freebase 0/3/6/12 mg (30 and 60 ml) and salt 10/20 mg (30 ml); a few are stamped for
// Ontario and Quebec. Raw materials, packaging, bins in the main warehouse, two price tiers
// and one change request waiting for an approver.

type ProductRow = typeof products.$inferInsert;

/** A UPC-A with its check digit, from a company prefix and an item number. */
function upcA(item: number): string {
  const body = `62841${String(item).padStart(6, '0')}`;
  const digits = [...body].map(Number);
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function idsByCode<T extends { id: number; code: string }>(rows: Promise<T[]>) {
  return new Map((await rows).map((r) => [r.code, r.id]));
}

function need(map: Map<string, number>, code: string): number {
  const id = map.get(code);
  if (id === undefined) throw new Error(`demo inventory: no "${code}"`);
  return id;
}

async function seedCatalogue(tx: Tx) {
  const measureIds = await idsByCode(
    tx
      .insert(measures)
      .values([...MEASURES])
      .returning({ id: measures.id, code: measures.code }),
  );
  const brandIds = await idsByCode(
    tx
      .insert(brands)
      .values(BRANDS.map(([code, name]) => ({ code, name })))
      .returning({ id: brands.id, code: brands.code }),
  );
  const flavorIds = await idsByCode(
    tx
      .insert(flavors)
      .values(FLAVORS.map(([code, name]) => ({ code, name })))
      .returning({ id: flavors.id, code: flavors.code }),
  );
  const categoryIds = new Map<string, number>();
  for (const [code, name, parent] of CATEGORIES) {
    const [row] = await tx
      .insert(categories)
      .values({ code, name, parentId: parent ? need(categoryIds, parent) : null })
      .returning({ id: categories.id });
    if (row) categoryIds.set(code, row.id);
  }
  const familyIds = await idsByCode(
    tx
      .insert(productFamilies)
      .values(
        FAMILIES.map(([code, brand, flavor, category]) => ({
          code,
          name: `${BRANDS.find((b) => b[0] === brand)?.[1] ?? brand} ${FLAVORS.find((f) => f[0] === flavor)?.[1] ?? flavor}`,
          brandId: need(brandIds, brand),
          flavorId: need(flavorIds, flavor),
          categoryId: need(categoryIds, category),
        })),
      )
      .returning({ id: productFamilies.id, code: productFamilies.code }),
  );
  return { measureIds, brandIds, flavorIds, categoryIds, familyIds };
}

/** Stamp jurisdictions are Administration's lookups; added here only when missing. */
async function stampJurisdictions(tx: Tx): Promise<Map<string, number>> {
  await tx
    .insert(parameterTypes)
    .values({ code: 'stamp_jurisdiction', name: 'Stamp jurisdiction' })
    .onConflictDoNothing();
  const [type] = await tx
    .select({ id: parameterTypes.id })
    .from(parameterTypes)
    .where(eq(parameterTypes.code, 'stamp_jurisdiction'));
  if (!type) throw new Error('demo inventory: no stamp_jurisdiction parameter type');
  await tx
    .insert(parameters)
    .values(
      JURISDICTIONS.map(([code, name], i) => ({ parameterTypeId: type.id, code, name, sort: i })),
    )
    .onConflictDoNothing();
  return idsByCode(
    tx
      .select({ id: parameters.id, code: parameters.code })
      .from(parameters)
      .where(eq(parameters.parameterTypeId, type.id)),
  );
}

function finishedGoods(
  ids: Awaited<ReturnType<typeof seedCatalogue>>,
  hplc: Map<string, number>,
  stamps: Map<string, number>,
): ProductRow[] {
  const rows: ProductRow[] = [];
  const ea = need(ids.measureIds, 'ea');
  let item = 100;
  for (const [family, brand, flavor, category] of FAMILIES) {
    const flavorName = FLAVORS.find((f) => f[0] === flavor)?.[1] ?? flavor;
    for (const [mg, type, sizes] of VARIANTS) {
      for (const ml of sizes) {
        const strength = type === 'salt' ? `${mg}S` : String(mg).padStart(2, '0');
        const base: ProductRow = {
          sku: `FG-${family}-${strength}-${ml}`,
          name: `${flavorName} ${mg} mg${type === 'salt' ? ' salt' : ''} ${ml} ml`,
          type: 'finished_good',
          familyId: need(ids.familyIds, family),
          brandId: need(ids.brandIds, brand),
          flavorId: need(ids.flavorIds, flavor),
          categoryId: need(ids.categoryIds, category),
          measureId: ea,
          nicotineMg: String(mg),
          nicotineType: type,
          volumeMl: String(ml),
          vgPct: type === 'salt' ? '50' : '70',
          upc: upcA(item++),
          hplcCategoryId: need(hplc, type === 'none' ? 'nic_free' : type),
          shelfLifeDays: 730,
          reorderPoint: ml === 30 ? '500' : '300',
          reorderQty: ml === 30 ? '1200' : '600',
          leadTimeDays: 5,
          standardCost: ((ml === 30 ? 3.1 : 5.2) + (type === 'salt' ? 0.4 : 0) + mg * 0.01).toFixed(
            4,
          ),
          isLotTracked: true,
          status: 'active',
        };
        rows.push(base);
        if (mg === 6 && ml === 30 && STAMPED_FAMILIES.includes(family)) {
          for (const [code, province] of JURISDICTIONS) {
            rows.push({
              ...base,
              sku: `${base.sku}-${code}`,
              name: `${base.name} (${province} stamp)`,
              upc: upcA(item++),
              requiresStamp: true,
              stampJurisdictionId: need(stamps, code),
              standardCost: (Number(base.standardCost) + 0.12).toFixed(4),
            });
          }
        }
      }
    }
  }
  return rows;
}

function materials(ids: Awaited<ReturnType<typeof seedCatalogue>>): ProductRow[] {
  const ml = need(ids.measureIds, 'ml');
  const ea = need(ids.measureIds, 'ea');
  const raw = (
    sku: string,
    name: string,
    type: ProductRow['type'],
    category: string,
    cost: string,
    reorder: string,
    extra: Partial<ProductRow> = {},
  ): ProductRow => ({
    sku,
    name,
    type,
    categoryId: need(ids.categoryIds, category),
    measureId:
      type === 'bottle' || type === 'cap' || type === 'label' || type === 'carton' ? ea : ml,
    reorderPoint: reorder,
    reorderQty: String(Number(reorder) * 2),
    leadTimeDays: 21,
    standardCost: cost,
    isLotTracked: type !== 'label' && type !== 'carton',
    status: 'active',
    ...extra,
  });
  return [
    raw(
      'RM-NIC-FB-100',
      'Nicotine base 100 mg/ml (freebase, in PG)',
      'nicotine_base',
      'RAW-NIC',
      '0.0850',
      '20000',
      {
        nicotineMg: '100',
        nicotineType: 'freebase',
        shelfLifeDays: 365,
      },
    ),
    raw(
      'RM-NIC-SALT-100',
      'Nicotine salt 100 mg/ml (benzoate, in PG)',
      'nicotine_base',
      'RAW-NIC',
      '0.1120',
      '10000',
      {
        nicotineMg: '100',
        nicotineType: 'salt',
        shelfLifeDays: 365,
      },
    ),
    raw('RM-PG-USP', 'Propylene glycol USP', 'carrier', 'RAW-CARRIER', '0.0041', '200000'),
    raw('RM-VG-USP', 'Vegetable glycerin USP', 'carrier', 'RAW-CARRIER', '0.0038', '400000'),
    ...FLAVORS.map(([code, name]) =>
      raw(
        `RM-FC-${code}`,
        `${name} flavour concentrate`,
        'flavour_concentrate',
        'RAW-FLAVOUR',
        '0.0950',
        '5000',
        {
          flavorId: need(ids.flavorIds, code),
          shelfLifeDays: 540,
        },
      ),
    ),
    raw(
      'PK-BTL-30',
      'PET bottle 30 ml, clear, with dropper tip',
      'bottle',
      'PACK-BOTTLE',
      '0.1800',
      '20000',
      { volumeMl: '30' },
    ),
    raw(
      'PK-BTL-60',
      'PET bottle 60 ml, clear, with dropper tip',
      'bottle',
      'PACK-BOTTLE',
      '0.2400',
      '10000',
      { volumeMl: '60' },
    ),
    raw('PK-CAP-CR', 'Child-resistant cap, tamper-evident', 'cap', 'PACK-CAP', '0.0700', '30000'),
    raw(
      'PK-LBL-30',
      'Front label 30 ml, with nicotine warning',
      'label',
      'PACK-LABEL',
      '0.0450',
      '30000',
    ),
    raw(
      'PK-LBL-60',
      'Front label 60 ml, with nicotine warning',
      'label',
      'PACK-LABEL',
      '0.0550',
      '15000',
    ),
    raw('PK-CTN-30-24', 'Shipping carton, 24 × 30 ml', 'carton', 'PACK-CARTON', '0.6500', '1000'),
    raw('PK-CTN-60-12', 'Shipping carton, 12 × 60 ml', 'carton', 'PACK-CARTON', '0.6000', '500'),
  ];
}

/** The main warehouse's bins: aisles A–C, racks 01–04, levels 1–2, plus dock bins. */
async function seedBins(tx: Tx): Promise<number[]> {
  await tx
    .insert(locations)
    .values({ code: 'WH-MAIN', name: 'Main warehouse', type: 'warehouse' })
    .onConflictDoNothing();
  const [main] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.code, 'WH-MAIN'));
  if (!main) throw new Error('demo inventory: no WH-MAIN location');
  const codes: { code: string; zone: string }[] = [];
  for (const aisle of ['A', 'B', 'C']) {
    for (let rack = 1; rack <= 4; rack++) {
      for (let level = 1; level <= 2; level++) {
        codes.push({
          code: `${aisle}-${String(rack).padStart(2, '0')}-${level}`,
          zone: `Aisle ${aisle}`,
        });
      }
    }
  }
  codes.push({ code: 'RECV-01', zone: 'Receiving' }, { code: 'SHIP-01', zone: 'Shipping' });
  const rows = await tx
    .insert(bins)
    .values(codes.map((c) => ({ locationId: main.id, ...c })))
    .returning({ id: bins.id, code: bins.code });
  return rows.filter((r) => /^[A-C]-/.test(r.code)).map((r) => r.id);
}

/**
 * Ontario and Quebec joined the coordinated vaping duty system on July 1, 2024, with an
 * additional duty of the federal shape and amounts ($1.12 per 2 mL of the first 10 mL, $1.12 per
 * 10 mL above). Each province's law sets its own rate, so these are demo data an admin keeps,
 * not a migration: a plant in a province outside the system has none.
 */
async function seedProvincialDutyRates(tx: Tx, stamps: Map<string, number>): Promise<void> {
  await tx
    .insert(vapingDutyRates)
    .values(
      JURISDICTIONS.map(([code, name]) => ({
        kind: 'additional',
        stampJurisdictionId: stamps.get(code) ?? 0,
        effectiveFrom: '2024-07-01',
        firstTierMl: '10',
        firstStepMl: '2',
        firstStepAmount: '1.12',
        stepMl: '10',
        stepAmount: '1.12',
        note: `${name} additional vaping duty (coordinated vaping duty system)`,
      })),
    )
    .onConflictDoNothing();
}

export async function seedDemoInventory(tx: Tx): Promise<void> {
  await ensureDocumentSequences(tx);
  const ids = await seedCatalogue(tx);
  const hplc = await idsByCode(
    tx.select({ id: hplcCategories.id, code: hplcCategories.code }).from(hplcCategories),
  );
  const stamps = await stampJurisdictions(tx);
  await seedProvincialDutyRates(tx, stamps);
  const inserted = await tx
    .insert(products)
    .values([...finishedGoods(ids, hplc, stamps), ...materials(ids)])
    .returning({ id: products.id, sku: products.sku, name: products.name, type: products.type });
  const binIds = await seedBins(tx);
  // Every product gets a default bin; finished goods of a family share a rack.
  await tx.insert(productBins).values(
    inserted.map((p, i) => ({
      productId: p.id,
      binId: binIds[i % binIds.length] ?? 0,
      isDefault: true,
      minQty: p.type === 'finished_good' ? '48' : null,
      maxQty: p.type === 'finished_good' ? '2400' : null,
    })),
  );
  const goods = inserted.filter((p) => p.type === 'finished_good');
  await seedPriceTiers(tx, goods);
  const first = goods[0];
  if (first) await seedChangeRequest(tx, first);
}
