import type { WorkLive } from '../../domain/my-work.ts';
import { PURCHASE_INVOICES } from '../../domain/entities/purchase/purchase-invoices.entity.ts';
import { PURCHASE_ORDERS } from '../../domain/entities/purchase/purchase-orders.entity.ts';
import { SALES_ORDERS } from '../../../modules/sales/shared/entities/sales-orders.entity.ts';
import { RECEIVINGS } from '../../domain/entities/stock/receivings.entity.ts';
import { PURCHASE_INVOICE_TRANSITIONS } from './purchase-invoice.machine.ts';
import { PURCHASE_ORDER_TRANSITIONS } from './purchase-order.machine.ts';
import { RECEIVING_TRANSITIONS } from './receiving.machine.ts';
import { SALES_ORDER_TRANSITIONS } from '../../../modules/sales/shared/machines/sales-order.machine.ts';
import type { TransitionTable } from './document-workflow.ts';
import type { WorkQueue } from './work-queue.ts';

// The supply and demand work in "My work" (work-queues.ts): purchase drafts to submit,
// approved orders to send and invoices the three-way match holds; purchase orders to receive;
// and sales orders to allocate and to ship (lab receivings have theirs in modules/lab). Whose
// each queue is comes from the event its rows wait for, as for every other queue. Their rows
// are queried in server/http/routes/my-work/supply-work.queries.ts under the same keys.

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
