import { form, group, page } from './route-builder.ts';

// The Orders group of Production: the floor's documents, each under its own docs/product.md §6 row.

export const PRODUCTION_ORDERS = group(
  '/production/orders',
  'production.orders',
  'Orders',
  'IconClipboardList',
  [
    page(
      '/production/production-orders',
      'production.production-orders',
      'Production Orders',
      'IconClipboardList',
      'production_orders',
    ),
    // One order's whole story and its actions; the list, the dashboard
    // cards and a daily order's lines open it.
    form(
      '/production/production-orders/:id',
      'production.production-order',
      'Production Order',
      'IconClipboardList',
      'production_orders',
    ),
    page(
      '/production/daily-orders',
      'production.daily-orders',
      'Daily Orders',
      'IconCalendarEvent',
      'production_daily_orders',
    ),
    // A daily order's draft form with its lines and workflow actions; the list above opens it.
    form(
      '/production/daily-order/:id?',
      'production.daily-order',
      'Daily Order',
      'IconCalendarEvent',
      'production_daily_orders',
    ),
    page(
      '/production/pending-orders',
      'production.pending-orders',
      'Pending Orders',
      'IconClockPause',
      'production_pending',
    ),
    page(
      '/production/pending-reel-approvals',
      'production.pending-reel-approvals',
      'Pending Reel Approvals',
      'IconClockCheck',
      'production_pending_reel',
    ),
    // The month's excise stamps per jurisdiction, counted, explained and closed.
    page(
      '/production/stamp-reconciliation',
      'production.stamp-reconciliation',
      'Stamp Reconciliation',
      'IconChecklist',
      'production_stamp_reconciliation',
    ),
    page(
      '/production/transfer_qr_code_generation',
      'production.transfer-qr-codes',
      'Transfer QR Codes',
      'IconQrcode',
      'production_qr_codes',
    ),
    page(
      '/production/production_orders_corrections',
      'production.order-corrections',
      'Production Order Corrections',
      'IconEdit',
      'production_order_corrections',
    ),
    // No row of docs/product.md §6 names recoveries: their own row is the recovery role and QA.
    page(
      '/production/recoveries',
      'production.recoveries',
      'Recoveries',
      'IconRecycle',
      'production_recoveries',
    ),
    page(
      '/production/hplc-requests',
      'production.hplc-requests',
      'HPLC Requests',
      'IconTestPipe',
      'production_hplc',
    ),
    page(
      '/production/hplc-results',
      'production.hplc-results',
      'HPLC Results',
      'IconMicroscope',
      'production_hplc',
    ),
    page(
      '/production/hplc-orders',
      'production.hplc-orders',
      'HPLC Orders',
      'IconTestPipe2',
      'production_hplc',
    ),
    // % of claim of every HPLC result as a control chart (docs/domain/production.md "Potency
    // control charts"); the HPLC page's roles.
    page(
      '/production/potency-charts',
      'production.potency-charts',
      'Potency Charts',
      'IconChartLine',
      'production_hplc',
    ),
    page(
      '/production/product-stamping-orders',
      'production.stamping-orders',
      'Stamping Orders',
      'IconRubberStamp',
      'production_stamping_orders',
    ),
    form(
      '/production/product-stamping-orders/form',
      'production.stamping-order-form',
      'New Stamping Order',
      'IconRubberStamp',
      'production_stamping_orders',
    ),
    form(
      '/production/product-stamping-orders/start/:id?',
      'production.stamping-order-start',
      'Start Stamping',
      'IconPlayerPlay',
      'production_stamping_orders',
    ),
    form(
      '/production/product-stamping-orders/finish/:id?',
      'production.stamping-order-finish',
      'Finish Stamping',
      'IconPlayerStop',
      'production_stamping_orders',
    ),
    page(
      '/production/product-stamping-order-corrections',
      'production.stamping-corrections',
      'Stamping Order Corrections',
      'IconEdit',
      'production_stamping_corrections',
    ),
  ],
);
