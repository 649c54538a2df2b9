import { performance } from 'node:perf_hooks';
import {
  traceKey,
  type Trace,
  type TraceAnchorKind,
  type TraceDirection,
  type TraceNode,
} from '../../../src/domain/entities/stock/lot-trace.ts';
import type { Db, Tx } from '../client.ts';
import { walkLinks } from './lot-trace-walk.ts';
import { traceSeeds } from './trace-anchor.ts';
import { addHplc, addOrigins } from './trace-backward.ts';
import { describeNodes, peopleOnNodes } from './trace-describe.ts';
import { addDocumentEdges, addLinks, flows } from './trace-documents.ts';
import {
  addShipments,
  addStamps,
  addTravel,
  EVERY_SHIPMENT,
  type ShipmentScope,
} from './trace-forward.ts';
import { DOC_KINDS, GraphBuilder } from './trace-graph.ts';
import { traceLayers } from './trace-layers.ts';

// A lot's genealogy both ways as one graph. The walk (lot-trace-walk.ts) finds the lots; everything
// hung on them is then read set-based, one query per kind of record: transfers and skids, packing
// lists with their sales orders and customers, stamping orders with their reels (forward,
// trace-forward.ts), receivings, supplier lots with their CoA and HPLC results (backward,
// trace-backward.ts), then each node's label, date and the people recorded on it
// (trace-describe.ts).

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function saleScope(anchor: { kind: TraceAnchorKind; id: number }): ShipmentScope | null {
  if (anchor.kind === 'sales_order_line') return { ...EVERY_SHIPMENT, line: anchor.id };
  if (anchor.kind === 'sales_order') return { ...EVERY_SHIPMENT, order: anchor.id };
  if (anchor.kind === 'customer') return { ...EVERY_SHIPMENT, customer: anchor.id };
  return null;
}

/** Milliseconds spent in each phase of one trace, for the bench (bench/trace.bench.ts). */
export type TracePhaseTimings = Record<string, number>;

/**
 * The trace of one anchor, or null when the anchor does not exist. `direction` limits the
 * walk; the anchor's own node is always there. `timings`, when given, receives each phase's
 * milliseconds, so the bench can say which read costs what.
 */
export async function traceLot(
  db: Db | Tx,
  anchor: { kind: TraceAnchorKind; id: number },
  direction: TraceDirection,
  timings?: TracePhaseTimings,
): Promise<Trace | null> {
  let last = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    if (timings) timings[phase] = (timings[phase] ?? 0) + now - last;
    last = now;
  };
  const seeds = await traceSeeds(db, anchor.kind, anchor.id);
  lap('seeds');
  if (!seeds.found) return null;
  const g = new GraphBuilder();
  const anchorKey = g.node(anchor.kind, anchor.id, 'anchor');
  const forward = direction !== 'backward';
  const backward = direction !== 'forward';
  const ahead = forward
    ? await walkLinks(db, 'forward', { lots: seeds.forwardLots, docs: seeds.docs })
    : [];
  const behind = backward
    ? await walkLinks(db, 'backward', { lots: seeds.backwardLots, docs: seeds.docs })
    : [];
  lap('walk');
  if (forward) for (const lot of seeds.forwardLots) g.node('lot', lot, 'forward');
  if (backward) for (const lot of seeds.backwardLots) g.node('lot', lot, 'backward');
  addLinks(g, behind, 'backward');
  addLinks(g, ahead, 'forward');
  const forwardLots = forward
    ? [...new Set([...seeds.forwardLots, ...ahead.flatMap((l) => [l.from_lot, l.to_lot])])]
    : [];
  const backwardLots = backward
    ? [...new Set([...seeds.backwardLots, ...behind.flatMap((l) => [l.from_lot, l.to_lot])])]
    : [];
  const docs = [...g.nodes.values()].flatMap((n) => {
    const type = Object.keys(DOC_KINDS).find((t) => DOC_KINDS[t] === n.kind);
    return type ? [{ type, id: n.id }] : [];
  });
  lap('graph');
  addDocumentEdges(g, await flows(db, docs));
  lap('flows');
  if (forward) await addTravel(db, g, forwardLots);
  lap('travel');
  if (forward) await addShipments(db, g, forwardLots, EVERY_SHIPMENT, 'forward');
  // A customer, order or line is joined to the lots behind it by its own packing lists only.
  const sale = saleScope(anchor);
  if (sale) await addShipments(db, g, seeds.backwardLots, sale, 'backward');
  lap('shipments');
  await addStamps(db, g, [...new Set([...forwardLots, ...backwardLots])]);
  lap('stamps');
  if (backward) await addOrigins(db, g, backwardLots);
  lap('origins');
  await addHplc(db, g);
  lap('hplc');
  if (anchor.kind === 'skid') {
    for (const lot of seeds.forwardLots) g.edge(traceKey('lot', lot), anchorKey);
  }
  const described = await describeNodes(db, g);
  lap('describe');
  const named = await peopleOnNodes(db, g);
  lap('people');
  const edges = [...g.edges.values()].filter((e) => g.nodes.has(e.from) && g.nodes.has(e.to));
  const layerOf = traceLayers(anchorKey, [...g.nodes.keys()], edges);
  const nodes: TraceNode[] = [...g.nodes.entries()].map(([key, n]) => {
    const d = described.get(key);
    return {
      key,
      kind: n.kind,
      id: n.id,
      label: d?.label ?? key,
      detail: d?.detail ?? null,
      at: d?.at ?? null,
      people: named.get(key) ?? [],
      side: n.side,
      layer: layerOf(key),
    };
  });
  // Kinds are lower-case ASCII, so code-point order is the collation order; localeCompare
  // went through ICU for each of the ~300,000 comparisons of a 20,000-node picture.
  nodes.sort((a, b) => a.layer - b.layer || byCodePoint(a.kind, b.kind) || a.id - b.id);
  lap('layers');
  return { anchor: anchorKey, direction, nodes, edges };
}
