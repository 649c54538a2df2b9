import { csvCell } from '../http/entity/entity-export.ts';
import { kindLabel, type RecallReport } from './recall-report.ts';

// The recall report as one CSV table a spreadsheet opens: a row per customer shipment of a
// traced lot, then a row per record behind and on the way (section says which), so one file
// answers both "who has it" and "what is in it".

const HEADER = [
  'Section',
  'Customer',
  'Sales order',
  'Packing list',
  'Ship date',
  'Status',
  'Lot',
  'Product',
  'Qty',
  'Record kind',
  'Record',
  'Detail',
  'Date',
  'People',
];

const line = (cells: ReadonlyArray<string | number | null>) =>
  `${cells.map((c) => csvCell(c)).join(',')}\r\n`;

export function recallCsv(report: RecallReport): string {
  let text = `\uFEFF${line(HEADER)}`;
  for (const r of report.customers) {
    text += line([
      'Customer',
      r.customer,
      r.sales_order,
      r.packing_list,
      r.ship_date,
      r.status,
      r.lot,
      r.product,
      r.qty,
      null,
      null,
      null,
      null,
      null,
    ]);
  }
  const records = [
    ...report.ahead.map((n) => ['On the way', n] as const),
    ...report.behind.map((n) => ['Behind', n] as const),
  ];
  for (const [section, n] of [['Anchor', report.anchor] as const, ...records]) {
    text += line([
      section,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      kindLabel(n),
      n.label,
      n.detail,
      n.at,
      n.people.join('; '),
    ]);
  }
  return text;
}
