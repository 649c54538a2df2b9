import { z } from 'zod';

// A lot's genealogy both ways: from any lot, batch, production order, reel,
// skid, sales order line or customer, forward to every lot, stamping order, reel, skid,
// transfer, packing list, sales order and customer it reached, and backward to every raw lot,
// supplier lot, CoA and HPLC result behind it, with dates and the people who touched each.
// The server answers GET TRACE_API?from=<kind>:<id>&direction=both|forward|backward.

export const TRACE_API = '/api/inventory/trace';
/** The recall report of the same trace: `?from=…&format=csv|pdf`. */
export const TRACE_REPORT_API = '/api/inventory/trace/report';
/** The one page that shows a trace; `?from=lot:12` opens it on a lot. */
export const TRACE_PAGE = '/inventory/trace';

/** What a trace may start from. */
export const TRACE_ANCHOR_KINDS = [
  'lot',
  'production_order',
  'reel',
  'skid',
  'sales_order',
  'sales_order_line',
  'customer',
] as const;
export type TraceAnchorKind = (typeof TRACE_ANCHOR_KINDS)[number];

/** Every kind of node a trace may hold. */
export const TRACE_NODE_KINDS = [
  ...TRACE_ANCHOR_KINDS,
  'receiving',
  'supplier_lot',
  'coa',
  'hplc_result',
  'stamping_order',
  'recovery',
  'assembly_order',
  'transfer',
  'packing_list',
] as const;
export type TraceNodeKind = (typeof TRACE_NODE_KINDS)[number];

export const TRACE_DIRECTIONS = ['both', 'forward', 'backward'] as const;
export type TraceDirection = (typeof TRACE_DIRECTIONS)[number];

/** How each kind reads in the table and the graph's legend. */
export const TRACE_KIND_LABELS: Readonly<Record<TraceNodeKind, string>> = {
  lot: 'Lot',
  production_order: 'Production order',
  reel: 'Stamp reel',
  skid: 'Skid',
  sales_order: 'Sales order',
  sales_order_line: 'Sales order line',
  customer: 'Customer',
  receiving: 'Receiving',
  supplier_lot: 'Supplier lot',
  coa: 'CoA',
  hplc_result: 'HPLC result',
  stamping_order: 'Stamping order',
  recovery: 'Recovery',
  assembly_order: 'Assembly order',
  transfer: 'Transfer',
  packing_list: 'Packing list',
};

/** `lot:12`: a node's key, unique in one trace. */
export type TraceKey = `${TraceNodeKind}:${number}`;

export const traceKey = (kind: TraceNodeKind, id: number): TraceKey => `${kind}:${id}`;

/** The anchor of `from=lot:12`, or null when the text names no kind or no positive id. */
export function parseTraceAnchor(from: string): { kind: TraceAnchorKind; id: number } | null {
  const match = /^([a-z_]+):(\d{1,15})$/.exec(from.trim());
  if (!match) return null;
  const kind = TRACE_ANCHOR_KINDS.find((k) => k === match[1]);
  const id = Number(match[2]);
  return kind && id > 0 ? { kind, id } : null;
}

/**
 * Which side of the anchor a node was reached on: the anchor itself, what it went into
 * (forward, positive layers) or what went into it (backward, negative layers).
 */
export type TraceSide = 'anchor' | 'forward' | 'backward';

export type TraceNode = {
  readonly key: TraceKey;
  readonly kind: TraceNodeKind;
  readonly id: number;
  /** The record's number or code: `MO-00012`, `L-2026-03`, `C-0001 Vape Shop`. */
  readonly label: string;
  /** What it is beside its number: product, supplier, result, status. */
  readonly detail: string | null;
  /** When it happened: produced, received, shipped, tested (ISO date-time or date). */
  readonly at: string | null;
  /** Everyone recorded as acting on it (transitions, postings, picks, tests), by name. */
  readonly people: readonly string[];
  readonly side: TraceSide;
  /** Columns of the left-to-right drawing: 0 the anchor, < 0 behind it, > 0 after it. */
  readonly layer: number;
};

export type TraceEdge = {
  readonly from: TraceKey;
  readonly to: TraceKey;
  /** How much went along the edge (units, ml, kg, stamps), where the ledger says. */
  readonly qty: number | null;
  readonly at: string | null;
};

export type Trace = {
  readonly anchor: TraceKey;
  readonly direction: TraceDirection;
  readonly nodes: readonly TraceNode[];
  readonly edges: readonly TraceEdge[];
};

const traceKeySchema = z.templateLiteral([z.enum(TRACE_NODE_KINDS), ':', z.number().int()]);

/** What TRACE_API answers, for the route's declaration (its OpenAPI `data`). */
export const traceSchema: z.ZodType<Trace> = z.object({
  anchor: traceKeySchema,
  direction: z.enum(TRACE_DIRECTIONS),
  nodes: z.array(
    z.object({
      key: traceKeySchema,
      kind: z.enum(TRACE_NODE_KINDS),
      id: z.number().int(),
      label: z.string(),
      detail: z.string().nullable(),
      at: z.string().nullable(),
      people: z.array(z.string()),
      side: z.enum(['anchor', 'forward', 'backward']),
      layer: z.number().int(),
    }),
  ),
  edges: z.array(
    z.object({
      from: traceKeySchema,
      to: traceKeySchema,
      qty: z.number().nullable(),
      at: z.string().nullable(),
    }),
  ),
});

/** One row of the recall report: a customer that received goods traced from the anchor. */
export type RecallRow = {
  readonly customer: string;
  readonly sales_order: string;
  readonly packing_list: string;
  readonly ship_date: string | null;
  readonly lot: string;
  readonly product: string;
  readonly qty: number;
  /** shipped, or allocated / picking / packed: on its way and still recallable at the dock. */
  readonly status: string;
};

/** The trace page of an anchor: `/inventory/trace?from=lot:12`. */
export const tracePageOf = (kind: TraceAnchorKind, id: number): string =>
  `${TRACE_PAGE}?from=${kind}:${id}`;
