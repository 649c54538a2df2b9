import { LAB_RECEIVINGS } from '../../src/domain/entities/lab/lab-receivings.entity.ts';
import { COA_REQUIRED_TYPE, LAB_PRODUCT_TYPES } from '../../src/domain/entities/lab/lab-values.ts';
import { TRANSFERS } from '../../src/domain/entities/stock/transfers.entity.ts';
import { coaPdf } from './supplier-coa.pdf.ts';
import type { CrewContext } from './crew-context.ts';
import { SIM_MARK, where, type ListData } from './plant-api.ts';
import type { PlantPlaces } from './plant-places.ts';
import { raiseSentOrder, type SupplierSource } from './purchase-clerk.ts';
import { ordersAwaitingGoods } from './warehouse-receipts.ts';

// Chemicals through lab receiving (issue 16 item 8, domain.md §10): nicotine, flavour
// concentrates and PG/VG are bought as every material is (purchase-clerk.ts), but arrive
// through the lab. The warehouse opens a lab receiving against the order (supplier lot,
// expiry, measured flashpoint, the supplier's CoA as a PDF) and receives it into containers
// whose nets add up to the item; the supervisor inspects, posts it into a quarantine lot and
// releases it, now and then rejecting one (the order stays open for the next delivery). The
// lot leaves the lab only once released: the inventory clerk moves it to where the floor
// picks. One step a tick, so /lab/receiving moves; a floor that is stuck gets its delivery
// driven through at once, never rejected, so batching never starves for nicotine.

const RECEIVINGS = LAB_RECEIVINGS.api;
const OPEN = ['draft', 'received', 'inspected', 'posted'];
/** Lots the simulator receives say so, as its inventory receipts' do (warehouse-receipts.ts). */
const LOT_PREFIX = 'SIM-';
const CARRIERS = ['Purolator', 'Day & Ross', 'FedEx Freight', 'Manitoulin Transport'];
const REJECTIONS = [
  'Drum seal broken on arrival',
  'CoA lot number does not match the drum labels',
  'Colour off against the retained sample',
];
/** A container holds at most this much of the item (a 25 L jerrycan or a 200 L drum). */
const CONTAINER_ML = { small: 25_000, large: 200_000 };

type ItemRow = {
  id: number;
  product_id: number;
  product_sku: string;
  product_name: string;
  product_type: string | null;
  qty: number;
  container_count: number;
  supplier_lot_no: string;
  expiry_date: string | null;
  flashpoint_c: number | null;
  coa_attachment_id: number | null;
};

type LabDoc = {
  id: number;
  version: number;
  number: string;
  status: string;
  supplier_id: number;
  supplier_name?: string;
  purchase_order_id: number | null;
  inspection_blocker: string | null;
  lines: ItemRow[];
};

type OpenLine = { purchase_order_line_id: number; product_id: number; qty_open: number };
type HeldRow = {
  product_id: number;
  location_id: number;
  lot_id: number | null;
  bin_id: number | null;
  qty_on_hand: number;
};

export type LabStats = {
  /** Lab receivings the warehouse opened, the supervisor released, and rejected. */
  labReceivings: number;
  labReleased: number;
  labRejected: number;
  /** Released chemical lots the inventory clerk moved from the lab to where the floor picks. */
  chemicalsPutAway: number;
};

export const LAB_STATS: LabStats = {
  labReceivings: 0,
  labReleased: 0,
  labRejected: 0,
  chemicalsPutAway: 0,
};

export type LabCrewContext = CrewContext & {
  stats: LabStats & { purchaseOrders: number };
  places: () => Promise<PlantPlaces | null>;
};

export type ChemicalReceipts = ReturnType<typeof labReceipts>;

export function labReceipts(ctx: LabCrewContext) {
  const { as, chance, pick, settle, stats } = ctx;
  const types = new Map<number, string>();
  let serial = 0;
  let containerTypes: { small: number | null; large: number | null } | null = null;

  async function productType(productId: number): Promise<string | null> {
    const known = types.get(productId);
    if (known) return known;
    const answer = await as('admin').get<{ type: string }>(`/api/inventory/products/${productId}`);
    if (!answer.ok) return null;
    types.set(productId, answer.data.type);
    return answer.data.type;
  }

  /** The simulator's receivings not yet released or rejected, with their items, oldest first. */
  async function openReceivings(): Promise<LabDoc[]> {
    const supervisor = as('supervisor');
    const list = await supervisor.get<ListData<{ id: number }>>(RECEIVINGS, {
      per_page: 10,
      sort: { field: 'id', direction: 'asc' },
      filter: [where('note', 'text', 'contains', SIM_MARK), where('status', 'enum', 'in', OPEN)],
    });
    const docs: LabDoc[] = [];
    for (const row of list.ok ? list.data.rows : []) {
      const read = await supervisor.get<LabDoc>(`${RECEIVINGS}/${row.id}`);
      if (read.ok) docs.push(read.data);
    }
    return docs;
  }

  async function containerTypeIds() {
    if (containerTypes) return containerTypes;
    const options = await as('warehouse').get<{ value: number; label: string }[]>(
      '/api/general/parameters/options',
      { parameter_type: 'container_type' },
    );
    const find = (text: string) =>
      (options.ok ? options.data : []).find((o) => o.label.includes(text))?.value ?? null;
    containerTypes = { small: find('25 L'), large: find('200 L') };
    return containerTypes;
  }

  /** What the supplier's lab measured: nicotine bases and PG flash near 100 °C, VG far above,
   * flavour concentrates (in ethanol or triacetin) lower. */
  function flashpoint(type: string | null): number {
    const [low, span] =
      type === COA_REQUIRED_TYPE ? [97, 6] : type === 'carrier' ? [99, 80] : [62, 30];
    return Math.round((low + span * ctx.rng()) * 10) / 10;
  }

  const isoDay = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  /**
   * The warehouse opens a lab receiving for what is open on the order: one item per open
   * chemical line, its CoA uploaded and set as the form's lab results do. Null when refused.
   */
  async function openReceiving(order: { id: number; supplier_id: number }): Promise<LabDoc | null> {
    const places = await ctx.places();
    if (places?.lab == null) return null;
    const clerk = as('warehouse');
    const open = await clerk.get<OpenLine[]>(
      `/api/inventory/receivable-orders/${order.id}/open-lines`,
    );
    if (!open.ok) return null;
    const lines = [];
    for (const line of open.data) {
      const type = await productType(line.product_id);
      if (type && (LAB_PRODUCT_TYPES as readonly string[]).includes(type) && line.qty_open > 0) {
        lines.push({ ...line, type });
      }
    }
    if (lines.length === 0) return null;
    const sizes = await containerTypeIds();
    serial += 1;
    const stamp = `${Date.now().toString(36).toUpperCase()}${serial}`;
    const created = await clerk.send<LabDoc>('POST', RECEIVINGS, {
      supplier_id: order.supplier_id,
      purchase_order_id: order.id,
      location_id: places.lab,
      received_at: isoDay(0),
      carrier: pick(CARRIERS),
      note: `Chemicals for the floor ${SIM_MARK}`,
      lines: lines.map((line, i) => {
        const large = line.qty_open > 4 * CONTAINER_ML.small;
        const each = large ? CONTAINER_ML.large : CONTAINER_ML.small;
        return {
          product_id: line.product_id,
          purchase_order_line_id: line.purchase_order_line_id,
          supplier_lot_no: `${LOT_PREFIX}${stamp}-${i + 1}`,
          qty: line.qty_open,
          container_count: Math.min(500, Math.max(1, Math.ceil(line.qty_open / each))),
          container_type_id: large ? sizes.large : sizes.small,
          expiry_date: isoDay(365 + Math.floor(ctx.rng() * 365)),
          flashpoint_c: flashpoint(line.type),
        };
      }),
    });
    if (!settle(created, 'open a lab receiving')) return null;
    stats.labReceivings += 1;
    let doc = created.data;
    for (const item of doc.lines) doc = (await attachCoa(doc, item)) ?? doc;
    return doc;
  }

  /** The supplier's CoA of the item, uploaded and set as its lab result. */
  async function attachCoa(doc: LabDoc, item: ItemRow): Promise<LabDoc | null> {
    const clerk = as('warehouse');
    const bytes = await coaPdf({
      supplier: doc.supplier_name ?? 'Supplier',
      sku: item.product_sku,
      productName: item.product_name,
      lotNo: item.supplier_lot_no,
      expiry: item.expiry_date ?? '',
      flashpointC: Number(item.flashpoint_c ?? 100),
      assayMgMl: item.product_type === COA_REQUIRED_TYPE ? 98.5 + 3 * ctx.rng() : null,
    });
    const file = await clerk.upload<{ id: number }>(
      '/api/attachments',
      `CoA-${item.supplier_lot_no}.pdf`,
      bytes,
    );
    if (!settle(file, 'upload a CoA')) return null;
    const set = await clerk.send<LabDoc>('PUT', `${RECEIVINGS}/${doc.id}/items/${item.id}`, {
      version: doc.version,
      coa_attachment_id: file.data.id,
    });
    return settle(set, 'set a CoA') ? set.data : null;
  }

  async function event(
    doc: LabDoc,
    who: string,
    name: string,
    extra: Record<string, unknown> = {},
  ): Promise<LabDoc | null> {
    const answer = await as(who).send<LabDoc>('POST', `${RECEIVINGS}/${doc.id}/events/${name}`, {
      version: doc.version,
      ...extra,
    });
    return settle(answer, `${name} a lab receiving`) ? answer.data : null;
  }

  /** The item's containers as the warehouse weighs them in, the rest in the last one. */
  function containers(doc: LabDoc) {
    return doc.lines.flatMap((item, line) => {
      const milli = Math.round(Number(item.qty) * 1000);
      const count = Math.max(1, Number(item.container_count));
      const each = Math.floor(milli / count);
      return Array.from({ length: count }, (_, i) => ({
        line,
        net_qty: (i === count - 1 ? milli - each * (count - 1) : each) / 1000,
        tare_qty: 0,
      }));
    });
  }

  /**
   * One step of a receiving by the person whose step it is; `urgent` (the floor is waiting)
   * never rejects. Null when refused (the next tick reads it again).
   */
  async function advance(doc: LabDoc, urgent: boolean): Promise<LabDoc | null> {
    const missing = doc.lines.find(
      (item) => item.coa_attachment_id === null && ['draft', 'received'].includes(doc.status),
    );
    if (missing) return attachCoa(doc, missing);
    switch (doc.status) {
      case 'draft':
        return event(doc, 'warehouse', 'receive', { containers: containers(doc) });
      case 'received':
        if (!urgent && chance(0.08)) {
          const rejected = await event(doc, 'supervisor', 'reject', {
            reason: `${pick(REJECTIONS)} ${SIM_MARK}`,
          });
          if (rejected) stats.labRejected += 1;
          return rejected;
        }
        return event(doc, 'supervisor', 'inspect');
      case 'inspected':
        return event(doc, 'supervisor', 'post');
      case 'posted': {
        const released = await event(doc, 'supervisor', 'release');
        if (released) stats.labReleased += 1;
        return released;
      }
      default:
        return null;
    }
  }

  /** Where the floor picks the product from now, else the main warehouse. */
  async function pickPlace(productId: number, places: PlantPlaces) {
    const held = await as('inventory').get<ListData<HeldRow>>('/api/inventory/stock-on-hand', {
      per_page: 50,
      filter: [where('product_id', 'number', 'equals', productId)],
    });
    // The place holding the most, where the pickers already go for it.
    const at = (held.ok ? held.data.rows : [])
      .filter((r) => !places.unpickable.has(r.location_id))
      .sort((a, b) => Number(b.qty_on_hand) - Number(a.qty_on_hand))[0];
    if (at) return { location_id: at.location_id, bin_id: at.bin_id };
    return places.warehouse === null ? null : { location_id: places.warehouse, bin_id: null };
  }

  /**
   * The inventory clerk moves released lots of the simulator's receipts out of the lab to
   * where the floor picks the product, in one step (both on one site; transfer.machine.ts).
   */
  async function putAway(): Promise<number> {
    const places = await ctx.places();
    if (places?.lab == null) return 0;
    const clerk = as('inventory');
    const released = await clerk.get<ListData<HeldRow>>('/api/inventory/stock-on-hand', {
      per_page: 20,
      filter: [
        where('location_id', 'number', 'equals', places.lab),
        where('lot_status', 'enum', 'equals', 'released'),
        where('lot_no', 'text', 'contains', LOT_PREFIX),
      ],
    });
    let moved = 0;
    for (const lot of released.ok ? released.data.rows : []) {
      if (!(Number(lot.qty_on_hand) > 0)) continue;
      const to = await pickPlace(lot.product_id, places);
      if (!to) continue;
      const draft = await clerk.send<{ id: number; version: number }>('POST', TRANSFERS.api, {
        kind: 'stock',
        from_location_id: places.lab,
        to_location_id: to.location_id,
        note: `Released chemicals to the floor's stock ${SIM_MARK}`,
        lines: [
          {
            product_id: lot.product_id,
            lot_id: lot.lot_id,
            from_bin_id: lot.bin_id,
            to_bin_id: to.bin_id,
            qty_sent: Number(lot.qty_on_hand),
          },
        ],
      });
      if (!settle(draft, 'draft a put-away')) continue;
      const done = await as('warehouse').send(
        'POST',
        `${TRANSFERS.api}/${draft.data.id}/events/transfer`,
        { version: draft.data.version },
      );
      if (settle(done, 'put chemicals away')) {
        stats.chemicalsPutAway += 1;
        moved += 1;
      }
    }
    return moved;
  }

  return {
    /** Locations no pick is suggested from: stock there is not the floor's yet. */
    async unpickable(): Promise<Set<number>> {
      return (await ctx.places())?.unpickable ?? new Set();
    },

    /** Whether the product arrives through the lab (a nicotine base, flavour or carrier). */
    async isChemical(productId: number): Promise<boolean> {
      const type = await productType(productId);
      return type !== null && (LAB_PRODUCT_TYPES as readonly string[]).includes(type);
    },

    /**
     * The floor runs low on a chemical: a receiving already under way is enough, unless the
     * floor is stuck (`force`); else one is opened against an order awaiting goods, or a new
     * order the clerk raises. Forced, it is driven through to released and put away at once.
     * True when chemicals reached the floor's stock now.
     */
    async restock(
      source: SupplierSource,
      productId: number,
      need: number,
      locationId: number,
      force: boolean,
    ): Promise<boolean> {
      const open = await openReceivings();
      let doc = open.find((d) => d.lines.some((l) => l.product_id === productId)) ?? null;
      if (!doc) {
        const busy = new Set(open.map((d) => d.purchase_order_id));
        const awaiting = (await ordersAwaitingGoods(ctx, productId)).filter((o) => !busy.has(o.id));
        for (const order of awaiting) {
          doc = await openReceiving(order);
          if (doc) break;
        }
      }
      if (!doc) {
        const orderId = await raiseSentOrder(
          ctx,
          source,
          productId,
          Math.ceil(need * 5),
          locationId,
        );
        if (orderId === null) return false;
        stats.purchaseOrders += 1;
        doc = await openReceiving({ id: orderId, supplier_id: source.supplier_id });
      }
      if (!doc || !force) return false;
      for (let i = 0; i < 8 && doc && doc.status !== 'released'; i += 1) {
        doc = await advance(doc, true);
      }
      return doc?.status === 'released' && (await putAway()) > 0;
    },

    /** Every open receiving of the simulator moves one step; released lots are put away. */
    async step(): Promise<void> {
      for (const doc of await openReceivings()) await advance(doc, false);
      await putAway();
    },
  };
}
