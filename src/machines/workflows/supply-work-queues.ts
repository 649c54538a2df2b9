import type { WorkLive } from '../../domain/my-work.ts';
import { LAB_RECEIVINGS } from '../../domain/entities/lab/lab-receivings.entity.ts';
import { PURCHASE_INVOICES } from '../../domain/entities/purchase/purchase-invoices.entity.ts';
import { PURCHASE_ORDERS } from '../../domain/entities/purchase/purchase-orders.entity.ts';
import { SALES_ORDERS } from '../../domain/entities/sales/sales-orders.entity.ts';
import { RECEIVINGS } from '../../domain/entities/stock/receivings.entity.ts';
import { LAB_RECEIVING_TRANSITIONS } from './lab-receiving.machine.ts';
import { PURCHASE_INVOICE_TRANSITIONS } from './purchase-invoice.machine.ts';
import { PURCHASE_ORDER_TRANSITIONS } from './purchase-order.machine.ts';
import { RECEIVING_TRANSITIONS } from './receiving.machine.ts';
import { SALES_ORDER_TRANSITIONS } from './sales-order.machine.ts';
import type { TransitionTable } from './document-workflow.ts';
import type { WorkQueue } from './work-queue.ts';

// The supply and demand work in "My work" (work-queues.ts): purchase drafts to submit,
// approved orders to send and invoices the three-way match holds; purchase orders and lab
// receivings to receive; lab receivings to inspect, post and release; and sales orders to
// allocate and to ship. Whose each queue is comes
// from the event its rows wait for, as for every other queue. Their rows are queried in
// server/http/routes/my-work/supply-work.queries.ts under the same keys.

const roles = (table: TransitionTable, status: string, event: string): readonly string[] =>
  table[status]?.[event]?.roles ?? [];

const live = (entity: { channel: string; event: string }): WorkLive => ({
  channel: entity.channel,
  event: entity.event,
});

const PURCHASE: readonly WorkQueue[] = [
  {
    key: 'po_drafts',
    group: 'supply',
    title: 'Purchase order drafts to submit',
    roles: roles(PURCHASE_ORDER_TRANSITIONS, 'draft', 'submit'),
    admin: false,
    page: '/purchases',
    open: (id) => `/purchase/${id}`,
    live: live(PURCHASE_ORDERS),
  },
  {
    key: 'po_to_send',
    group: 'supply',
    title: 'Approved purchase orders to send',
    roles: roles(PURCHASE_ORDER_TRANSITIONS, 'approved', 'send'),
    admin: false,
    page: '/purchases',
    open: (id) => `/purchase/${id}`,
    live: live(PURCHASE_ORDERS),
  },
  {
    key: 'invoice_mismatches',
    group: 'supply',
    title: 'Supplier invoices with a mismatch',
    roles: roles(PURCHASE_INVOICE_TRANSITIONS, 'draft', 'post'),
    admin: false,
    page: '/invoices',
    open: (id) => `/invoice/${id}`,
    live: live(PURCHASE_INVOICES),
  },
];

/** A lab receiving waiting at `status` for `event`. */
const labQueue = (key: string, title: string, status: string, event: string): WorkQueue => ({
  key,
  group: 'supply',
  title,
  roles: roles(LAB_RECEIVING_TRANSITIONS, status, event),
  admin: false,
  page: '/lab/receiving',
  open: (id) => `/lab/receiving/${id}`,
  live: live(LAB_RECEIVINGS),
});

const RECEIVING: readonly WorkQueue[] = [
  {
    key: 'po_to_receive',
    group: 'supply',
    title: 'Purchase orders to receive',
    roles: roles(RECEIVING_TRANSITIONS, 'draft', 'post'),
    admin: false,
    page: '/inventory/receivings',
    // The floor does not open purchase orders (the purchase module's page): a PO is received
    // on a new receiving, where it is chosen by its supplier and number (the row's label).
    open: () => '/inventory/receiving/new',
    // Receivings posted against the orders are what the floor hears; an order newly sent
    // reaches them on the healing poll (the purchase channel is the buyers').
    live: live(RECEIVINGS),
  },
  labQueue('lab_to_receive', 'Lab receivings to receive', 'draft', 'receive'),
  labQueue('lab_to_inspect', 'Lab receivings to inspect', 'received', 'inspect'),
  labQueue('lab_to_post', 'Lab receivings to post', 'inspected', 'post'),
  labQueue('lab_to_release', 'Lab receivings to release', 'posted', 'release'),
];

const SALES: readonly WorkQueue[] = [
  {
    key: 'sales_to_allocate',
    group: 'demand',
    title: 'Sales orders to allocate',
    roles: roles(SALES_ORDER_TRANSITIONS, 'confirmed', 'allocate'),
    admin: false,
    page: '/sales',
    open: (id) => `/sale/${id}`,
    live: live(SALES_ORDERS),
  },
  {
    key: 'sales_to_ship',
    group: 'demand',
    title: 'Sales orders to ship',
    roles: roles(SALES_ORDER_TRANSITIONS, 'confirmed', 'ship'),
    admin: false,
    page: '/sales',
    open: (id) => `/sale/${id}`,
    live: live(SALES_ORDERS),
  },
];

export const SUPPLY_QUEUES: readonly WorkQueue[] = [...PURCHASE, ...RECEIVING, ...SALES];
