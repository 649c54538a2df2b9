import { group, page, report } from './route-builder.ts';

// The Reports group of Production. Reports are "Production reports" with export, so the
// read-only production_reports role opens them too.

const REPORTS = 'production_reports' as const;

export const PRODUCTION_REPORTS = group(
  '/production/reports',
  'production.reports',
  'Reports',
  'IconReportAnalytics',
  [
    report(
      '/production/label-check-logs',
      'production.label-check-logs',
      'Label Check Logs',
      'IconScan',
      'production_label_check_logs',
    ),
    report(
      '/production/production-orders-corrections-logs',
      'production.corrections-logs',
      'Production Orders Corrections Logs',
      'IconHistory',
      REPORTS,
    ),
    report(
      '/production/master-production-report',
      'production.master-report',
      'Master Production Report',
      'IconReportAnalytics',
      REPORTS,
    ),
    // The picking list is the batchers' and warehouse's working paper, not a management report.
    page(
      '/production/reports/batching-order-picking-report',
      'production.batching-picking',
      'Batching Order Picking',
      'IconListCheck',
      'production_picking_report',
    ),
    report(
      '/production/reports/batching-summary',
      'production.batching-summary',
      'Batching Summary',
      'IconChartBar',
      REPORTS,
    ),
    report(
      '/production/reports/batching-logs',
      'production.batching-logs',
      'Batching Logs',
      'IconHistory',
      REPORTS,
    ),
    report(
      '/production/reports/batching-kpi',
      'production.batching-kpi',
      'Batching KPI',
      'IconTargetArrow',
      REPORTS,
    ),
    report(
      '/production/reports/production-summary',
      'production.production-summary',
      'Production Summary',
      'IconChartBar',
      REPORTS,
    ),
    report(
      '/production/reports/production-logs',
      'production.production-logs',
      'Production Logs',
      'IconHistory',
      REPORTS,
    ),
    report(
      '/production/reports/production-volume-variance',
      'production.volume-variance',
      'Production Volume Variance',
      'IconChartLine',
      REPORTS,
    ),
    report(
      '/production/reports/stamping-logs',
      'production.stamping-logs',
      'Stamping Logs',
      'IconHistory',
      REPORTS,
    ),
    report(
      '/production/reports/stamping-wasted-bottles',
      'production.stamping-wasted-bottles',
      'Stamping Wasted Bottles',
      'IconBottle',
      REPORTS,
    ),
    report(
      '/production/reports/stamps-inventory',
      'production.stamps-inventory',
      'Stamps Inventory',
      'IconRubberStamp',
      REPORTS,
    ),
    report(
      '/production/reports/reel-adjustment-log',
      'production.reel-adjustment-log',
      'Reel Adjustment Log',
      'IconAdjustments',
      REPORTS,
    ),
    report(
      '/production/reports/transfer-report',
      'production.transfer-report',
      'Transfer Report',
      'IconTruck',
      REPORTS,
    ),
    report(
      '/production/reports/transfer-logs',
      'production.transfer-logs',
      'Transfer Logs',
      'IconHistory',
      REPORTS,
    ),
    report(
      '/production/reports/pails-transfer-logs',
      'production.pails-transfer-logs',
      'Pails Transfer Logs',
      'IconBucket',
      REPORTS,
    ),
    report(
      '/production/reports/daily-orders-report',
      'production.daily-orders-report',
      'Daily Orders Report',
      'IconCalendarStats',
      REPORTS,
    ),
    report(
      '/production/reports/daily-orders-list',
      'production.daily-orders-list',
      'Daily Orders List',
      'IconList',
      REPORTS,
    ),
    report(
      '/production/reports/hplc-report',
      'production.hplc-report',
      'HPLC Report',
      'IconMicroscope',
      REPORTS,
    ),
    report(
      '/production/reports/recipes',
      'production.recipes-report',
      'Recipes Report',
      'IconFlask2',
      REPORTS,
    ),
  ],
);
