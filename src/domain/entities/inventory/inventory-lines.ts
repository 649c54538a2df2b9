import type { LineItems } from '../../entity/line-fields.ts';
import { ALLOCATION_LINES } from '../stock/allocations.entity.ts';
import { RECEIVING_LINES } from '../stock/receivings.entity.ts';
import { STOCK_ADJUSTMENT_LINES } from '../stock/stock-adjustments.entity.ts';
import { STOCK_COUNT_LINES } from '../stock/stock-counts.entity.ts';
import { TRANSFER_LINES } from '../stock/transfers.entity.ts';
import { PRICE_TIER_LINE_FIELDS } from './price-tiers.entity.ts';

// The line items of Inventory's forms: price tiers and the stock documents.

export const PRICE_TIER_LINES: LineItems = {
  name: 'lines',
  label: 'Prices',
  fields: PRICE_TIER_LINE_FIELDS,
};

export const RECEIVING_LINE_ITEMS: LineItems = {
  name: 'lines',
  label: 'Lines',
  fields: RECEIVING_LINES.fields,
  minLines: 1,
};
export const ADJUSTMENT_LINE_ITEMS: LineItems = {
  name: 'lines',
  label: 'Lines',
  fields: STOCK_ADJUSTMENT_LINES.fields,
  minLines: 1,
};
export const TRANSFER_LINE_ITEMS: LineItems = {
  name: 'lines',
  label: 'Lines',
  fields: TRANSFER_LINES.fields,
  minLines: 1,
};
export const COUNT_LINE_ITEMS: LineItems = {
  name: 'lines',
  label: 'Lines',
  fields: STOCK_COUNT_LINES.fields,
};
export const ALLOCATION_LINE_ITEMS: LineItems = {
  name: 'lines',
  label: 'Lines',
  fields: ALLOCATION_LINES.fields,
  minLines: 1,
};
