import {
  TRACE_KIND_LABELS,
  type RecallRow,
  type Trace,
  type TraceNode,
} from '../../src/domain/entities/stock/lot-trace.ts';

// What the recall report holds besides its customer rows: the anchor and the records behind
// the goods (everything reached backward: raw and supplier lots, CoAs, HPLC results, the
// orders that made them), one reading for the CSV and the PDF.

export type RecallReport = {
  readonly anchor: TraceNode;
  readonly customers: readonly RecallRow[];
  readonly behind: readonly TraceNode[];
  /** The production orders, stamping orders and lots on the way from the anchor. */
  readonly ahead: readonly TraceNode[];
};

const SOURCE_KINDS = new Set(['hplc_result', 'coa', 'supplier_lot']);

export function recallReport(trace: Trace, customers: readonly RecallRow[]): RecallReport {
  const anchor = trace.nodes.find((n) => n.key === trace.anchor);
  if (!anchor) throw new Error(`the trace of ${trace.anchor} lacks its anchor`);
  const behind = trace.nodes.filter(
    (n) => n.key !== trace.anchor && (n.side === 'backward' || SOURCE_KINDS.has(n.kind)),
  );
  const ahead = trace.nodes.filter(
    (n) =>
      n.key !== trace.anchor &&
      !behind.includes(n) &&
      ['lot', 'production_order', 'stamping_order', 'recovery', 'assembly_order', 'reel'].includes(
        n.kind,
      ),
  );
  return { anchor, customers, behind, ahead };
}

export const kindLabel = (node: TraceNode) => TRACE_KIND_LABELS[node.kind];

/** A file name of the anchor's label, whatever characters a lot number may hold. */
export const recallFileName = (report: RecallReport, extension: 'csv' | 'pdf') =>
  `recall-${report.anchor.label.replace(/[^A-Za-z0-9_-]/g, '_')}.${extension}`;
