import { sql } from 'drizzle-orm';
import { CHANGE_SUMMARY } from '../../../../src/domain/entities/inventory/change-summary.entity.ts';
import {
  PRODUCT_CHANGE_LOGS,
  PRODUCTS_CHANGES_REPORT,
} from '../../../../src/domain/entities/inventory/product-change-logs.entity.ts';
import { PRODUCT_CHANGES } from '../../../../src/domain/entities/inventory/product-changes.entity.ts';
import { PRODUCTS } from '../../../../src/domain/entities/inventory/products.entity.ts';
import { plantDay } from '../../../db/plant-time.ts';
import {
  productChangeLogs,
  productChangeRequests,
  productChangeSets,
  products,
} from '../../../db/schema/inventory.ts';
import {
  qualified,
  refLabel,
  resolveBinding,
  type EntityBinding,
} from '../../entity/entity-binding.ts';
import { logComputed, logTable, userName } from '../../entity/log-table.ts';

// Read-only lists of product change control: requests, change sets with their counts, the
// field logs, and the products-changes report over the same logs.

const req = productChangeRequests;

export const PRODUCT_CHANGES_BINDING: EntityBinding = {
  entity: PRODUCT_CHANGES,
  table: req,
  computed: {
    change_set_number: refLabel(req.changeSetId, productChangeSets, 'number'),
    // rd_promotion: its author may submit, revise and withdraw it (product-change.machine.ts).
    change_set_source: refLabel(req.changeSetId, productChangeSets, 'source'),
    product_sku: refLabel(req.productId, products, 'sku'),
    changed_fields: sql<string>`(select string_agg(k, ', ' order by k) from jsonb_object_keys(${qualified(req.proposed)}) k)`,
    requested_by_name: userName(req.requestedBy),
    reviewed_by_name: userName(req.reviewedBy),
  },
};

export const productChangesBinding = resolveBinding(PRODUCT_CHANGES_BINDING);

const countOf = (where: string) =>
  sql<number>`(select count(*) from product_change_requests r where r.change_set_id = ${qualified(productChangeSets.id)}${sql.raw(where)})`.mapWith(
    Number,
  );

const OPEN = ` and r.status in ('draft', 'submitted', 'changes_requested')`;

export const CHANGE_SUMMARY_BINDING: EntityBinding = {
  entity: CHANGE_SUMMARY,
  table: productChangeSets,
  computed: {
    // A set is done once none of its requests is still open (docs/domain/inventory.md §2: derived).
    status: sql<string>`(case when exists (select 1 from product_change_requests r where r.change_set_id = ${qualified(productChangeSets.id)}${sql.raw(OPEN)}) then 'in_progress' else 'done' end)`,
    request_count: countOf(''),
    open_count: countOf(OPEN),
    applied_count: countOf(` and r.status = 'applied'`),
    rejected_count: countOf(` and r.status = 'rejected'`),
    created_by_name: userName(productChangeSets.createdBy),
  },
};

const logs = productChangeLogs;

/** The label a person reads for a product field code (`volume_ml` → 'Volume (ml)'). */
const fieldLabel = sql<string>`(case ${qualified(logs.field)} ${sql.join(
  PRODUCTS.fields.map((f) => sql`when ${f.name} then ${f.label}`),
  sql` `,
)} else ${qualified(logs.field)} end)`;

const LOG_COMPUTED = {
  ...logComputed(logs),
  product_sku: refLabel(logs.productId, products, 'sku'),
  product_name: refLabel(logs.productId, products),
  change_set_number: sql<
    string | null
  >`(select s.number from product_change_requests r join product_change_sets s on s.id = r.change_set_id where r.id = ${qualified(logs.requestId)})`,
  field_label: fieldLabel,
  approved_by_name: userName(logs.approvedBy),
};

export const PRODUCT_CHANGE_LOGS_BINDING: EntityBinding = {
  entity: PRODUCT_CHANGE_LOGS,
  table: logTable(logs),
  computed: LOG_COMPUTED,
};

export const PRODUCTS_CHANGES_REPORT_BINDING: EntityBinding = {
  entity: PRODUCTS_CHANGES_REPORT,
  table: logTable(logs),
  computed: {
    ...LOG_COMPUTED,
    // The day in the company's time zone (docs/domain/README.md §0), as yyyy-MM-dd whatever the
    // driver.
    changed_on: sql<string>`${plantDay(qualified(logs.createdAt))}`.mapWith(asDay),
  },
};

function asDay(value: unknown): string {
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
  }
  return String(value).slice(0, 10);
}
