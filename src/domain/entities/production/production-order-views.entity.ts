import { declareEntity, type EntityDeclaration } from '../../entity/entity-declaration.ts';
import { PRODUCTION_ORDERS } from './production-orders.entity.ts';

// Production orders seen by the people who decide on them (docs/domain/production.md §3.2):
// pending-orders (orders awaiting approval; Pending roles approve or reject) and hplc-orders
// (**decision:** orders whose batch waits on the lab or failed it; HPLC page roles). Same rows as
// the order list, scoped by the server; each page sends only its own events.

/** pending-orders: production orders in pending_approval. */
export const PENDING_ORDERS = declareEntity({
  ...PRODUCTION_ORDERS,
  name: 'pending_orders',
  // Ctrl+K finds these rows once, as the entity they are a view of.
  searchable: undefined,
  label: 'Pending order',
  pluralLabel: 'Pending orders',
  api: '/api/production/pending-orders',
  area: 'production_pending',
  writeArea: undefined,
  writable: false,
  defaultSort: { field: 'due_date', direction: 'asc' },
});

/** The events a person may send from the pending-orders page. */
export const PENDING_ORDER_EVENTS = ['approve', 'reject'] as const;

/** hplc-orders: orders with hplc_status pending or failed. */
export const HPLC_ORDERS = declareEntity({
  ...PRODUCTION_ORDERS,
  name: 'hplc_orders',
  // Ctrl+K finds these rows once, as the entity they are a view of.
  searchable: undefined,
  label: 'HPLC order',
  pluralLabel: 'HPLC orders',
  api: '/api/production/hplc-orders',
  area: 'production_hplc',
  writeArea: undefined,
  writable: false,
  defaultSort: { field: 'stage_since', direction: 'asc' },
});

/** The events QA sends from the hplc-orders page on a failed batch. */
export const HPLC_ORDER_EVENTS = ['retest', 'rework', 'override', 'scrap'] as const;

export const PRODUCTION_ORDER_VIEW_ENTITIES: readonly EntityDeclaration[] = [
  PENDING_ORDERS,
  HPLC_ORDERS,
];
