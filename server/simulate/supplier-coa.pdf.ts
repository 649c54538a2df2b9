import { FONT, finish, newSheet } from '../purchase-pdf/pdf-sheet.ts';

// The certificate of analysis a chemical's supplier sends with the goods, as a one-page PDF
// the simulator's warehouse uploads with a lab receiving (a nicotine item cannot be inspected
// without one). Small and plain: what a supplier's lab states about the lot.

export type CoaFacts = {
  supplier: string;
  sku: string;
  productName: string;
  lotNo: string;
  expiry: string;
  flashpointC: number;
  /** The nicotine assay in mg/ml, for nicotine bases only. */
  assayMgMl: number | null;
};

export function coaPdf(facts: CoaFacts): Promise<Buffer> {
  const sheet = newSheet(`CoA ${facts.lotNo}`, facts.supplier);
  sheet.font(FONT.bold).fontSize(16).text('CERTIFICATE OF ANALYSIS');
  sheet.moveDown(0.5).font(FONT.regular).fontSize(10).text(facts.supplier);
  sheet.moveDown();
  const rows: [string, string][] = [
    ['Product', `${facts.sku}  ${facts.productName}`],
    ['Lot', facts.lotNo],
    ['Best before', facts.expiry],
    ['Flash point (closed cup)', `${facts.flashpointC.toFixed(1)} °C`],
    ...(facts.assayMgMl === null
      ? []
      : ([['Assay (nicotine)', `${facts.assayMgMl.toFixed(1)} mg/ml (spec 98.0–102.0)`]] as [
          string,
          string,
        ][])),
    ['Appearance', 'Clear liquid, conforms'],
    ['Result', 'Conforms to specification'],
  ];
  for (const [label, value] of rows) {
    sheet.font(FONT.bold).text(`${label}: `, { continued: true });
    sheet.font(FONT.regular).text(value);
  }
  return finish(sheet);
}
