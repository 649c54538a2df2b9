import { sql } from 'drizzle-orm';
import {
  traceKey,
  type TraceEdge,
  type TraceKey,
  type TraceNodeKind,
  type TraceSide,
} from '../../../src/domain/entities/stock/lot-trace.ts';

// The graph a trace is drawn into: the lot-trace reads (trace-documents.ts, trace-forward.ts,
// trace-backward.ts, trace-describe.ts) each add their nodes and edges here, then lot-trace.ts
// lays the picture out.

/** The documents whose stock movements join one lot to the next, by their source_type. */
export const DOC_KINDS: Readonly<Record<string, TraceNodeKind>> = {
  production_orders: 'production_order',
  production_recoveries: 'recovery',
  product_stamping_orders: 'stamping_order',
  assembly_orders: 'assembly_order',
};

/** A timestamp as ISO text in UTC, so both drivers answer the same string. */
export const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export function groupBy<T, K>(items: Iterable<T>, keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

type Draft = { kind: TraceNodeKind; id: number; side: TraceSide };

export class GraphBuilder {
  readonly nodes = new Map<TraceKey, Draft>();
  readonly edges = new Map<string, TraceEdge>();

  node(kind: TraceNodeKind, id: number, side: TraceSide): TraceKey {
    const key = traceKey(kind, id);
    const known = this.nodes.get(key);
    if (!known) this.nodes.set(key, { kind, id, side });
    else if (known.side !== side && known.side !== 'anchor') {
      // Reached both ways (a lot between two of the anchor's own lots): forward wins, as a
      // recall reads forward.
      known.side = side === 'anchor' ? 'anchor' : 'forward';
    }
    return key;
  }

  edge(from: TraceKey, to: TraceKey, qty: number | null = null, at: string | null = null) {
    const id = `${from}>${to}`;
    const known = this.edges.get(id);
    if (!known) this.edges.set(id, { from, to, qty, at });
    else if (qty !== null) this.edges.set(id, { ...known, qty: (known.qty ?? 0) + qty });
  }

  ofKind(kind: TraceNodeKind): number[] {
    return [...this.nodes.values()].filter((n) => n.kind === kind).map((n) => n.id);
  }
}
