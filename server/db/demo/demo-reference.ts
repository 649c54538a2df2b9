import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { countries, currencies, provinces, settings } from '../schema/general.ts';
import { hplcCategories, hplcRanges } from '../schema/production.ts';
import { DEMO_COMPANY } from './demo-users.ts';

const PROVINCES: ReadonlyArray<readonly [string, string]> = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

// The states the demo's American suppliers are in, and a few more; an admin adds the rest.
const US_STATES: ReadonlyArray<readonly [string, string]> = [
  ['CA', 'California'],
  ['FL', 'Florida'],
  ['IL', 'Illinois'],
  ['MI', 'Michigan'],
  ['NC', 'North Carolina'],
  ['NJ', 'New Jersey'],
  ['NY', 'New York'],
  ['OH', 'Ohio'],
  ['PA', 'Pennsylvania'],
  ['TX', 'Texas'],
  ['WA', 'Washington'],
];

// Label-claim windows used by Canadian e-liquid makers for nicotine assay: ±10 % for
// freebase and salt. Zero-nicotine products are judged against production.zero_nic_max_mg.
const HPLC: ReadonlyArray<readonly [string, string, number, number]> = [
  ['freebase', 'Freebase nicotine', 90, 110],
  ['salt', 'Nicotine salt', 90, 110],
  ['nic_free', 'Nicotine free', 0, 100],
];

export async function seedDemoReference(tx: Tx): Promise<void> {
  const [canada] = await tx.insert(countries).values({ iso2: 'CA', name: 'Canada' }).returning();
  const [usa] = await tx
    .insert(countries)
    .values({ iso2: 'US', name: 'United States' })
    .returning();
  if (!canada || !usa) throw new Error('could not create Canada and the United States');
  await tx
    .insert(provinces)
    .values([
      ...PROVINCES.map(([code, name]) => ({ countryId: canada.id, code, name })),
      ...US_STATES.map(([code, name]) => ({ countryId: usa.id, code, name })),
    ]);

  await tx.insert(currencies).values([
    { code: 'CAD', name: 'Canadian dollar', symbol: '$', rateToCad: '1', isBase: true },
    { code: 'USD', name: 'US dollar', symbol: 'US$', rateToCad: '1.389500' },
    { code: 'EUR', name: 'Euro', symbol: '€', rateToCad: '1.512300' },
  ]);

  for (const [code, name, min, max] of HPLC) {
    const [category] = await tx.insert(hplcCategories).values({ code, name }).returning();
    if (!category) throw new Error(`could not create HPLC category ${code}`);
    await tx.insert(hplcRanges).values([
      { hplcCategoryId: category.id, type: 1, percentRange: String(min) },
      { hplcCategoryId: category.id, type: 2, percentRange: String(max) },
    ]);
  }

  const [ontario] = await tx.select().from(provinces).where(eq(provinces.code, 'ON'));
  await tx.insert(settings).values([
    {
      key: 'general.company',
      value: {
        name: DEMO_COMPANY,
        address: '2150 Winston Park Drive, Oakville, ON L6H 5V1',
        phone: '+1 905 555 0142',
        province_id: ontario?.id ?? null,
        business_number: '812345678RT0001',
        excise_licence: 'ON-VAPE-004217',
      },
    },
    { key: 'inventory.allow_negative', value: false },
    { key: 'inventory.count_tolerance_pct', value: 2 },
    { key: 'purchase.over_receipt_pct', value: 5 },
    { key: 'purchase.approval_threshold', value: 5000 },
    { key: 'purchase.allow_bill_before_receipt', value: false },
    { key: 'purchase.price_variance_pct', value: 2 },
    { key: 'production.overage_pct', value: 2 },
    { key: 'production.zero_nic_max_mg', value: 0.1 },
    { key: 'production.stamping_waste_alert_pct', value: 1.5 },
    { key: 'production.counter_tolerance', value: 3 },
    { key: 'production.bulk_tolerance_pct', value: 1 },
  ]);
}
