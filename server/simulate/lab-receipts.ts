import {
  COA_REQUIRED_TYPE,
  LAB_PRODUCT_TYPES,
} from '../../modules/lab/shared/entities/lab-values.ts';
import type { CrewContext } from './crew-context.ts';
import { advanceLabReceiving, attachCoa } from './lab-receiving-steps.ts';
import { putAwayReleasedChemicals } from './lab-put-away.ts';
import { LOT_PREFIX, openLabReceivings, RECEIVINGS, type LabDoc } from './lab-receiving-doc.ts';
import { SIM_MARK } from './plant-api.ts';
import type { PlantPlaces } from './plant-places.ts';
import { raiseSentOrder, type SupplierSource } from './purchase-clerk.ts';
import { ordersAwaitingGoods } from './warehouse-receipts.ts';

// Chemicals through lab receiving (docs/domain/lab-receiving.md §10): nicotine, flavour
// concentrates and PG/VG are bought as every material is (purchase-clerk.ts), but arrive
// through the lab. The warehouse opens a lab receiving against the order (supplier lot,
// expiry, measured flashpoint, the supplier's CoA as a PDF) and receives it into containers
// whose nets add up to the item; the supervisor inspects, posts it into a quarantine lot and
// releases it, now and then rejecting one (the order stays open for the next delivery). The
// lot leaves the lab only once released: the inventory clerk moves it to where the floor
// picks. One step a tick, so /lab/receiving moves; a floor that is stuck gets its delivery
// driven through at once, never rejected, so batching never starves for nicotine.

const CARRIERS = ['Purolator', 'Day & Ross', 'FedEx Freight', 'Manitoulin Transport'];
/** A container holds at most this much of the item (a 25 L jerrycan or a 200 L drum). */
const CONTAINER_ML = { small: 25_000, large: 200_000 };

type OpenLine = { purchase_order_line_id: number; product_id: number; qty_open: number };
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
  const { as, pick, settle, stats } = ctx;
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
    for (const item of doc.lines) doc = (await attachCoa(ctx, doc, item)) ?? doc;
    return doc;
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
      const open = await openLabReceivings(ctx);
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
        doc = await advanceLabReceiving(ctx, doc, true);
      }
      return doc?.status === 'released' && (await putAwayReleasedChemicals(ctx)) > 0;
    },

    /** Every open receiving of the simulator moves one step; released lots are put away. */
    async step(): Promise<void> {
      for (const doc of await openLabReceivings(ctx)) await advanceLabReceiving(ctx, doc, false);
      await putAwayReleasedChemicals(ctx);
    },
  };
}
