import { bigint, check, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { LABEL_CHECK_RESULTS } from '../../../src/domain/entities/production/production-order-values.ts';
import { checkInList } from './check-in-list.ts';
import { phases } from './production-config.ts';
import { productionOrders } from './production-orders.ts';
import { productStampingOrders } from './stamping-orders.ts';
import { logColumns } from './users.ts';

// Label checks (docs/domain/production.md §3.2): a scanned label against the UPC and lot the
// order expects, at labeling or at stamping. In a file of its own because it names both
// production and stamping orders, and stamping orders name production orders.

const ref = () => bigint({ mode: 'number' });

export const labelChecks = pgTable(
  'label_checks',
  {
    ...logColumns(),
    productionOrderId: ref().references(() => productionOrders.id),
    stampingOrderId: ref().references(() => productStampingOrders.id),
    phaseId: ref().references(() => phases.id),
    scannedCode: varchar({ length: 60 }).notNull(),
    expectedCode: varchar({ length: 60 }),
    lotNoScanned: varchar({ length: 40 }),
    result: varchar({ length: 4 }).notNull(),
    /** Why a check failed: the person's reason, or the mismatch the server found. */
    reason: varchar({ length: 500 }),
  },
  (t) => [
    check('label_checks_result_ck', checkInList('result', LABEL_CHECK_RESULTS)),
    index('label_checks_order_idx').on(t.productionOrderId),
  ],
);
