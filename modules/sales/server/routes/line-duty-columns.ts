import { sql, type SQL } from 'drizzle-orm';

// A sales order line's vaping duty as stored with its figures (sales-order-line-duties.ts), read
// beside its price: per unit (federal, the province's additional, both) and on the line.

const duty = (lineId: SQL, column: string) =>
  sql<number>`coalesce((select d.${sql.raw(column)}::float8 from sales_order_line_duties d
    where d.sales_order_line_id = ${lineId}), 0)`;

export const lineDutyColumns = (lineId: SQL) => ({
  federal_duty: duty(lineId, 'federal_duty'),
  provincial_duty: duty(lineId, 'provincial_duty'),
  duty_per_unit: duty(lineId, 'duty_per_unit'),
  duty_total: duty(lineId, 'duty_total'),
});
