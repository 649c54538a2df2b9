// The inventory demo's catalogue as data: measures, brands, flavours, categories, families,
// the variants each family comes in, and the stamped families.

export const MEASURES = [
  { code: 'ea', name: 'Each', kind: 'count', toBaseFactor: '1' },
  { code: 'ml', name: 'Millilitre', kind: 'volume', toBaseFactor: '1' },
  { code: 'l', name: 'Litre', kind: 'volume', toBaseFactor: '1000' },
  { code: 'g', name: 'Gram', kind: 'mass', toBaseFactor: '1' },
  { code: 'kg', name: 'Kilogram', kind: 'mass', toBaseFactor: '1000' },
  { code: 'case', name: 'Case of 24', kind: 'count', toBaseFactor: '24' },
] as const;

export const BRANDS = [
  ['NCLOUD', 'Northern Cloud'],
  ['MAPLE', 'Maple Vapour'],
  ['SALTLAB', 'Salt Lab'],
  ['HARBOUR', 'Harbour Blends'],
] as const;

export const FLAVORS = [
  ['MANGO', 'Mango'],
  ['STRAW', 'Strawberry'],
  ['BLURAZ', 'Blue Raspberry'],
  ['WMELON', 'Watermelon'],
  ['MENTH', 'Menthol'],
  ['TOBAC', 'Classic Tobacco'],
  ['CUSTARD', 'Vanilla Custard'],
  ['PEACHTEA', 'Peach Iced Tea'],
  ['GRAPE', 'Grape'],
  ['BERRY', 'Mixed Berries'],
  ['LEMON', 'Lemon Tart'],
  ['MINT', 'Cool Mint'],
] as const;

/** Category code, name, parent code. */
export const CATEGORIES = [
  ['ELIQ', 'E-liquids', null],
  ['ELIQ-FRUIT', 'Fruit e-liquids', 'ELIQ'],
  ['ELIQ-DESSERT', 'Dessert e-liquids', 'ELIQ'],
  ['ELIQ-MENTHOL', 'Menthol and mint e-liquids', 'ELIQ'],
  ['ELIQ-TOBACCO', 'Tobacco e-liquids', 'ELIQ'],
  ['RAW', 'Raw materials', null],
  ['RAW-NIC', 'Nicotine', 'RAW'],
  ['RAW-CARRIER', 'Carriers (PG/VG)', 'RAW'],
  ['RAW-FLAVOUR', 'Flavour concentrates', 'RAW'],
  ['PACK', 'Packaging', null],
  ['PACK-BOTTLE', 'Bottles', 'PACK'],
  ['PACK-CAP', 'Caps', 'PACK'],
  ['PACK-LABEL', 'Labels', 'PACK'],
  ['PACK-CARTON', 'Cartons', 'PACK'],
] as const;

/** Family code (also the SKU stem), brand, flavour, category. */
export const FAMILIES = [
  ['MANGO', 'NCLOUD', 'MANGO', 'ELIQ-FRUIT'],
  ['STRAW', 'NCLOUD', 'STRAW', 'ELIQ-FRUIT'],
  ['BLURAZ', 'NCLOUD', 'BLURAZ', 'ELIQ-FRUIT'],
  ['WMELON', 'MAPLE', 'WMELON', 'ELIQ-FRUIT'],
  ['MENTH', 'MAPLE', 'MENTH', 'ELIQ-MENTHOL'],
  ['TOBAC', 'MAPLE', 'TOBAC', 'ELIQ-TOBACCO'],
  ['CUSTARD', 'HARBOUR', 'CUSTARD', 'ELIQ-DESSERT'],
  ['PEACHTEA', 'HARBOUR', 'PEACHTEA', 'ELIQ-FRUIT'],
  ['GRAPE', 'SALTLAB', 'GRAPE', 'ELIQ-FRUIT'],
  ['BERRY', 'SALTLAB', 'BERRY', 'ELIQ-FRUIT'],
  ['LEMON', 'HARBOUR', 'LEMON', 'ELIQ-DESSERT'],
  ['MINT', 'SALTLAB', 'MINT', 'ELIQ-MENTHOL'],
] as const;

/** Strength in mg/ml, nicotine type, bottle sizes. */
export const VARIANTS = [
  [0, 'none', [30, 60]],
  [3, 'freebase', [30, 60]],
  [6, 'freebase', [30, 60]],
  [12, 'freebase', [30, 60]],
  [10, 'salt', [30]],
  [20, 'salt', [30]],
] as const;

/** Families whose 6 mg / 30 ml bottle also ships with an excise stamp. */
export const STAMPED_FAMILIES = ['MANGO', 'STRAW', 'MENTH', 'TOBAC'];
export const JURISDICTIONS = [
  ['ON', 'Ontario'],
  ['QC', 'Quebec'],
] as const;
