// Whether a scanned label reads what the order's labels must carry (docs/domain/production.md §3.2
// label checks): the product's UPC and the batch lot's number. The server judges a check with it
// and the label check form shows the same verdict live while the person scans.

/** What a label of the order must carry. */
export type ExpectedLabel = { readonly upc: string | null; readonly lot_no: string };

/** What was scanned; a lot left out (older clients) is not judged. */
export type ScannedLabel = { readonly code: string; readonly lot: string | undefined };

/** Why the scan does not match, or null when it does. */
export function labelMismatch(expected: ExpectedLabel, scanned: ScannedLabel): string | null {
  if (expected.upc === null) return 'The product has no UPC to check against';
  const wrong: string[] = [];
  if (scanned.code.trim() !== expected.upc) {
    wrong.push(`UPC ${scanned.code.trim() || '(none)'} is not ${expected.upc}`);
  }
  if (scanned.lot !== undefined && scanned.lot.trim() !== expected.lot_no) {
    wrong.push(`lot ${scanned.lot.trim() || '(none)'} is not ${expected.lot_no}`);
  }
  return wrong.length > 0 ? `Scanned ${wrong.join('; ')}` : null;
}
