import { declareEntity } from '../../../../src/domain/entity/entity-declaration.ts';
import { moneyField } from '../../../../src/domain/entities/document-fields.ts';
import {
  hiddenIdColumn,
  textColumn,
  unitsColumn,
} from '../../../../src/domain/entity/read-only-columns.ts';
import { productFields } from '../../../../src/domain/entity/shared-fields.ts';

// The monthly vaping duty report (docs/domain/sales.md "Vaping duty"): by month of shipment,
// stamp jurisdiction and product, the units that entered the duty-paid market (shipped sales)
// and the duty they carried, at the rates their order lines were figured with. Filtered to
// one month and one jurisdiction, it is that jurisdiction's return.

export const VAPING_DUTY_REPORT = declareEntity({
  name: 'vaping_duty_report',
  label: 'Vaping duty',
  pluralLabel: 'Vaping duty report',
  api: '/api/sales/reports/vaping-duty',
  area: 'vaping_duty_report',
  channel: 'private-sales.vaping-duty',
  event: 'vaping_duty',
  labelField: 'month',
  writable: false,
  defaultSort: { field: 'month', direction: 'desc' },
  fields: [
    textColumn('month', 'Month', 100),
    hiddenIdColumn('stamp_jurisdiction_id', 'Jurisdiction id'),
    textColumn('stamp_jurisdiction_name', 'Jurisdiction', 120),
    ...productFields(false),
    unitsColumn('units', 'Units shipped'),
    moneyField('federal_duty', 'Federal duty'),
    moneyField('provincial_duty', 'Provincial duty'),
    moneyField('duty_total', 'Total duty'),
  ],
});
