import { declareEntity } from '../../entity/entity-declaration.ts';
import { declareFields } from '../../entity/entity-field.ts';
import { ACTIVE_FIELD, CODE_FIELD, NAME_FIELD, refWithLabel } from '../../entity/shared-fields.ts';

/** A price list; its quantity breaks travel as `lines` (PRICE_TIER_LINE_FIELDS). */
export const PRICE_TIERS = declareEntity({
  name: 'price_tiers',
  label: 'Price tier',
  pluralLabel: 'Price tiers',
  api: '/api/inventory/price_tiers',
  area: 'inventory',
  channel: 'private-inventory.price-tiers',
  event: 'price_tier',
  labelField: 'name',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    CODE_FIELD,
    NAME_FIELD,
    ...refWithLabel('currency_id', 'Currency', 'currencies', 'currency_code', {
      required: true,
      width: 100,
    }),
    { name: 'is_default', label: 'Default tier', kind: 'boolean', defaultValue: false, width: 110 },
    ACTIVE_FIELD,
    {
      name: 'line_count',
      label: 'Prices',
      kind: 'number',
      precision: 0,
      readOnly: true,
      listOnly: true,
      width: 90,
    },
  ],
});

/** One price of a tier: a unit price from a quantity on, over a validity window. */
export const PRICE_TIER_LINE_FIELDS = declareFields([
  ...refWithLabel('product_id', 'Product', 'products', 'product_sku', {
    required: true,
    width: 170,
  }),
  {
    name: 'min_qty',
    label: 'From qty',
    kind: 'number',
    required: true,
    precision: 3,
    min: 0,
    width: 100,
  },
  {
    name: 'unit_price',
    price: true,
    label: 'Unit price',
    kind: 'number',
    required: true,
    precision: 4,
    min: 0,
    width: 120,
  },
  { name: 'valid_from', label: 'Valid from', kind: 'date', required: true, width: 120 },
  { name: 'valid_to', label: 'Valid to', kind: 'date', width: 120 },
]);
