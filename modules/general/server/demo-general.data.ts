import type { GL_ACCOUNT_TYPES, TAX_CODES } from '../../../server/db/schema/accounting.ts';
import type { CUSTOMER_TYPES } from '../../../server/db/schema/customers.ts';
import type { LOCATION_TYPES } from '../../../server/db/schema/general.ts';

// The rows of Administration's demo (see demo-general.ts): an Oakville, Ontario e-liquid
// maker with a Montréal distribution centre, selling across Canada.

type Pair = readonly [code: string, name: string];

export const DEMO_LOOKUPS: ReadonlyArray<readonly [string, string, readonly Pair[]]> = [
  [
    'waste_reason',
    'Waste reasons',
    [
      ['spill', 'Spill'],
      ['contamination', 'Contamination'],
      ['wrong_label', 'Wrong label'],
      ['damaged_bottle', 'Damaged bottle'],
      ['qc_reject', 'QC reject'],
      ['line_purge', 'Line purge'],
    ],
  ],
  [
    'adjustment_reason',
    'Adjustment reasons',
    [
      ['count_correction', 'Count correction'],
      ['damage', 'Damage'],
      ['expired', 'Expired'],
      ['sample', 'Sample / R&D use'],
      ['found', 'Found stock'],
      ['theft', 'Theft or loss'],
    ],
  ],
  [
    'hold_reason',
    'Hold reasons',
    [
      ['hplc_pending', 'HPLC result pending'],
      ['label_issue', 'Label issue'],
      ['customer_complaint', 'Customer complaint'],
      ['supplier_recall', 'Supplier recall'],
    ],
  ],
  [
    'damage_reason',
    'Damage reasons',
    [
      ['crushed_carton', 'Crushed carton'],
      ['leaking_bottle', 'Leaking bottle'],
      ['broken_cap', 'Broken child-resistant cap'],
      ['water_damage', 'Water damage'],
    ],
  ],
  [
    'container_type',
    'Container types',
    [
      ['drum', 'Drum 200 L'],
      ['tote', 'IBC tote 1000 L'],
      ['pail', 'Pail 20 L'],
      ['jerrycan', 'Jerrycan 25 L'],
      ['bottle', 'Lab bottle'],
    ],
  ],
  [
    'reject_reason',
    'Receiving reject reasons',
    [
      ['damaged_in_transit', 'Damaged in transit'],
      ['wrong_item', 'Wrong item'],
      ['short_dated', 'Short-dated'],
      ['failed_inspection', 'Failed incoming inspection'],
    ],
  ],
  // NFPA 30 classes of flammable and combustible liquids, printed on shipping documents.
  [
    'flashpoint_class',
    'Flashpoint classes',
    [
      ['IB', 'Class IB (flash point below 22.8 °C)'],
      ['IC', 'Class IC (22.8–37.8 °C)'],
      ['II', 'Class II (37.8–60 °C)'],
      ['IIIA', 'Class IIIA (60–93 °C)'],
      ['IIIB', 'Class IIIB (93 °C and above)'],
    ],
  ],
  [
    'stamp_type',
    'Stamp types',
    [
      ['federal', 'Federal vaping stamp'],
      ['federal_provincial', 'Federal-provincial vaping stamp'],
    ],
  ],
  [
    'stamp_jurisdiction',
    'Stamp jurisdictions',
    [
      ['CA', 'Canada (federal only)'],
      ['ON', 'Ontario'],
      ['QC', 'Quebec'],
      ['MB', 'Manitoba'],
      ['NB', 'New Brunswick'],
      ['NL', 'Newfoundland and Labrador'],
      ['NT', 'Northwest Territories'],
      ['NU', 'Nunavut'],
    ],
  ],
];

export const DEMO_LOCATIONS: ReadonlyArray<
  readonly [string, string, (typeof LOCATION_TYPES)[number], string | null, string, string | null]
> = [
  [
    'WH-MAIN',
    'Main warehouse',
    'warehouse',
    null,
    'ON',
    '2150 Winston Park Drive, Oakville, ON L6H 5V1',
  ],
  ['PROD', 'Production floor', 'production', 'WH-MAIN', 'ON', null],
  ['LAB', 'QC lab', 'lab', 'WH-MAIN', 'ON', null],
  ['QUAR', 'Quarantine cage', 'quarantine', 'WH-MAIN', 'ON', null],
  ['SCRAP', 'Scrap and destruction', 'scrap', 'WH-MAIN', 'ON', null],
  ['TRANSIT', 'In transit', 'transit', null, 'ON', null],
  [
    'DC-MTL',
    'Montréal distribution centre',
    'distribution_center',
    null,
    'QC',
    '8585 Route Transcanadienne, Saint-Laurent, QC H4S 1Z6',
  ],
];

type AccountType = (typeof GL_ACCOUNT_TYPES)[number];

/** code, name, type, parent code, postable (headers group their type's accounts). */
export const DEMO_ACCOUNTS: ReadonlyArray<
  readonly [string, string, AccountType, string | null, boolean]
> = [
  ['1000', 'Assets', 'asset', null, false],
  ['1010', 'Bank - operating (CAD)', 'asset', '1000', true],
  ['1020', 'Bank - USD', 'asset', '1000', true],
  ['1200', 'Accounts receivable', 'asset', '1000', true],
  ['1250', 'GST/HST input tax credits', 'asset', '1000', true],
  ['1300', 'Inventory', 'asset', '1000', false],
  ['1310', 'Inventory - raw materials', 'asset', '1300', true],
  ['1320', 'Inventory - packaging', 'asset', '1300', true],
  ['1330', 'Inventory - finished goods', 'asset', '1300', true],
  ['1340', 'Inventory - excise stamps', 'asset', '1300', true],
  ['1350', 'Inventory in transit', 'asset', '1300', true],
  ['1500', 'Production equipment', 'asset', '1000', true],
  ['2000', 'Liabilities', 'liability', null, false],
  ['2100', 'Accounts payable', 'liability', '2000', true],
  ['2200', 'GST/HST payable', 'liability', '2000', true],
  ['2210', 'QST payable', 'liability', '2000', true],
  ['2220', 'PST payable', 'liability', '2000', true],
  ['2300', 'Vaping excise duty payable', 'liability', '2000', true],
  ['3000', 'Equity', 'equity', null, false],
  ['3100', 'Share capital', 'equity', '3000', true],
  ['3200', 'Retained earnings', 'equity', '3000', true],
  ['4000', 'Revenue', 'revenue', null, false],
  ['4100', 'Sales - retail', 'revenue', '4000', true],
  ['4110', 'Sales - wholesale and distribution', 'revenue', '4000', true],
  ['4200', 'Sales discounts', 'revenue', '4000', true],
  ['5000', 'Cost of goods sold', 'cogs', null, false],
  ['5100', 'Cost of goods sold - e-liquids', 'cogs', '5000', true],
  ['5200', 'Inventory adjustments', 'cogs', '5000', true],
  ['5300', 'Production waste and scrap', 'cogs', '5000', true],
  ['5400', 'Excise stamps used', 'cogs', '5000', true],
  ['6000', 'Operating expenses', 'expense', null, false],
  ['6100', 'Freight out', 'expense', '6000', true],
  ['6200', 'Wages and benefits', 'expense', '6000', true],
  ['6300', 'Rent and utilities', 'expense', '6000', true],
];

/** mapping key, account code, location code (null = any location). */
export const DEMO_MAPPINGS: ReadonlyArray<readonly [string, string, string | null]> = [
  ['inventory.asset', '1330', null],
  ['inventory.asset', '1350', 'TRANSIT'],
  ['inventory.raw_materials', '1310', null],
  ['inventory.packaging', '1320', null],
  ['inventory.stamps', '1340', null],
  ['inventory.adjustment', '5200', null],
  ['inventory.scrap', '5300', null],
  ['purchase.payable', '2100', null],
  ['sales.receivable', '1200', null],
  ['sales.revenue', '4100', null],
  ['sales.revenue', '4110', 'DC-MTL'],
  ['sales.discount', '4200', null],
  ['sales.cogs', '5100', null],
  ['sales.freight', '6100', null],
  ['excise.duty', '2300', null],
  ['tax.GST', '2200', null],
  ['tax.HST', '2200', null],
  ['tax.QST', '2210', null],
  ['tax.PST', '2220', null],
  ['tax.input_credit', '1250', null],
];

type TaxLine = readonly [(typeof TAX_CODES)[number], number, string];

/** name, province, effective from, to, lines (tax, rate %, account code). */
export const DEMO_TAX_SETUPS: ReadonlyArray<
  readonly [string, string, string, string | null, readonly TaxLine[]]
> = [
  ['Ontario HST', 'ON', '2010-07-01', null, [['HST', 13, '2200']]],
  [
    'Quebec GST + QST',
    'QC',
    '2013-01-01',
    null,
    [
      ['GST', 5, '2200'],
      ['QST', 9.975, '2210'],
    ],
  ],
  [
    'British Columbia GST + PST',
    'BC',
    '2013-04-01',
    null,
    [
      ['GST', 5, '2200'],
      ['PST', 7, '2220'],
    ],
  ],
  ['Alberta GST', 'AB', '2008-01-01', null, [['GST', 5, '2200']]],
  [
    'Manitoba GST + RST',
    'MB',
    '2019-07-01',
    null,
    [
      ['GST', 5, '2200'],
      ['PST', 7, '2220'],
    ],
  ],
  [
    'Saskatchewan GST + PST',
    'SK',
    '2017-03-23',
    null,
    [
      ['GST', 5, '2200'],
      ['PST', 6, '2220'],
    ],
  ],
  ['Nova Scotia HST 15%', 'NS', '2010-07-01', '2025-03-31', [['HST', 15, '2200']]],
  ['Nova Scotia HST', 'NS', '2025-04-01', null, [['HST', 14, '2200']]],
  ['New Brunswick HST', 'NB', '2016-07-01', null, [['HST', 15, '2200']]],
];

export const DEMO_TAGS: ReadonlyArray<readonly [string, string]> = [
  ['Key account', '#F56C6C'],
  ['VIP', '#E6A23C'],
  ['New', '#67C23A'],
  ['Excise audit', '#909399'],
];

type Address = readonly ['bill' | 'ship', string, string, string];

export const DEMO_CUSTOMERS: ReadonlyArray<{
  code: string;
  name: string;
  type: (typeof CUSTOMER_TYPES)[number];
  currency: string;
  province: string;
  terms: number;
  creditLimit: number;
  licence: string | null;
  addresses: readonly Address[];
  tags: readonly string[];
}> = [
  {
    code: 'C-0001',
    name: 'Maple Leaf Vape Distribution',
    type: 'distributor',
    currency: 'CAD',
    province: 'ON',
    terms: 45,
    creditLimit: 250000,
    licence: 'ON-VAPE-001932',
    addresses: [
      ['bill', '6400 Millcreek Drive, Mississauga', 'ON', 'L5N 3E7'],
      ['ship', '7100 Tranmere Drive, Mississauga', 'ON', 'L5S 1L9'],
    ],
    tags: ['Key account'],
  },
  {
    code: 'C-0002',
    name: 'Cloud Nine Vape Shop',
    type: 'retail',
    currency: 'CAD',
    province: 'ON',
    terms: 30,
    creditLimit: 15000,
    licence: 'ON-VAPE-010234',
    addresses: [['bill', '455 Queen Street West, Toronto', 'ON', 'M5V 2A9']],
    tags: ['VIP'],
  },
  {
    code: 'C-0003',
    name: 'Vapeur Québec inc.',
    type: 'wholesale',
    currency: 'CAD',
    province: 'QC',
    terms: 30,
    creditLimit: 80000,
    licence: 'QC-VAP-55120',
    addresses: [
      ['bill', '1250 rue Saint-Denis, Montréal', 'QC', 'H2X 3J6'],
      ['ship', '3030 boulevard Le Carrefour, Laval', 'QC', 'H7T 2P5'],
      ['ship', '2450 boulevard Laurier, Québec', 'QC', 'G1V 2L1'],
    ],
    tags: ['Key account', 'Excise audit'],
  },
  {
    code: 'C-0004',
    name: 'Prairie Clouds',
    type: 'retail',
    currency: 'CAD',
    province: 'MB',
    terms: 15,
    creditLimit: 10000,
    licence: null,
    addresses: [['bill', '393 Portage Avenue, Winnipeg', 'MB', 'R3B 3H6']],
    tags: ['New'],
  },
  {
    code: 'C-0005',
    name: 'VapeDirect Online',
    type: 'online',
    currency: 'CAD',
    province: 'BC',
    terms: 0,
    creditLimit: 0,
    licence: null,
    addresses: [['bill', '128 West Hastings Street, Vancouver', 'BC', 'V6B 1G8']],
    tags: [],
  },
];

/**
 * Settings the code reads, with their defaults; an existing value is kept. (Sales seeds its
 * discount approval limits with its own demo.)
 */
export const DEMO_SETTINGS: ReadonlyArray<readonly [string, unknown]> = [
  ['inventory.allow_negative', false],
  ['inventory.count_tolerance_pct', 2],
  ['purchase.over_receipt_pct', 5],
  ['purchase.approval_threshold', 5000],
  ['purchase.allow_bill_before_receipt', false],
  ['purchase.price_variance_pct', 2],
  ['production.zero_nic_max_mg', 0.1],
  ['production.overage_pct', 2],
  ['production.bulk_tolerance_pct', 2],
];
