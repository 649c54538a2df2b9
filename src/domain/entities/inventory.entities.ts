import type { EntityDeclaration } from '../entity/entity-declaration.ts';
import { BINS } from './inventory/bins.entity.ts';
import { BRANDS } from './inventory/brands.entity.ts';
import { CATEGORIES } from './inventory/categories.entity.ts';
import { CHANGE_SUMMARY } from './inventory/change-summary.entity.ts';
import { FLAVORS } from './inventory/flavors.entity.ts';
import { MEASURES } from './inventory/measures.entity.ts';
import { PRICE_TIERS } from './inventory/price-tiers.entity.ts';
import { PRODUCT_BINS } from './inventory/product-bins.entity.ts';
import {
  PRODUCT_CHANGE_LOGS,
  PRODUCTS_CHANGES_REPORT,
} from './inventory/product-change-logs.entity.ts';
import { PRODUCT_CHANGES } from './inventory/product-changes.entity.ts';
import { PRODUCT_FAMILIES } from './inventory/product-families.entity.ts';
import { PRODUCTS } from './inventory/products.entity.ts';
import { PRODUCTS_LIST_REPORT } from './inventory/products-list.report.ts';
import { INVENTORY_IMPORT_JOBS } from './inventory/inventory-import-jobs.entity.ts';

/** Inventory's declared entities (docs/domain/inventory.md §2). */
export const INVENTORY_ENTITIES: readonly EntityDeclaration[] = [
  MEASURES,
  BRANDS,
  FLAVORS,
  CATEGORIES,
  PRODUCT_FAMILIES,
  PRODUCTS,
  BINS,
  PRODUCT_BINS,
  PRICE_TIERS,
  PRODUCT_CHANGES,
  CHANGE_SUMMARY,
  PRODUCT_CHANGE_LOGS,
  PRODUCTS_CHANGES_REPORT,
  PRODUCTS_LIST_REPORT,
  INVENTORY_IMPORT_JOBS,
];
