import { COA_REQUIRED_TYPE } from '../../modules/lab/shared/entities/lab-values.ts';
import type { CrewContext } from './crew-context.ts';
import { SIM_MARK } from './plant-api.ts';
import { coaPdf } from './supplier-coa.pdf.ts';
import { RECEIVINGS, type ItemRow, type LabDoc } from './lab-receiving-doc.ts';

// The steps of a lab receiving after the warehouse opened it, each by the person whose step it
// is: the CoA uploaded, the containers weighed in, inspected (now and then rejected), posted
// and released.

const REJECTIONS = [
  'Drum seal broken on arrival',
  'CoA lot number does not match the drum labels',
  'Colour off against the retained sample',
];

/** The receiving counters a step moves (lab-receipts.ts's LabStats). */
type StepStats = { labReleased: number; labRejected: number };

/** The supplier's CoA of the item, uploaded and set as its lab result. */
export async function attachCoa(
  ctx: CrewContext,
  doc: LabDoc,
  item: ItemRow,
): Promise<LabDoc | null> {
  const { as, settle } = ctx;
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
  { as, settle }: CrewContext,
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
export async function advanceLabReceiving(
  ctx: CrewContext & { stats: StepStats },
  doc: LabDoc,
  urgent: boolean,
): Promise<LabDoc | null> {
  const { chance, pick, stats } = ctx;
  const missing = doc.lines.find(
    (item) => item.coa_attachment_id === null && ['draft', 'received'].includes(doc.status),
  );
  if (missing) return attachCoa(ctx, doc, missing);
  switch (doc.status) {
    case 'draft':
      return event(ctx, doc, 'warehouse', 'receive', { containers: containers(doc) });
    case 'received':
      if (!urgent && chance(0.08)) {
        const rejected = await event(ctx, doc, 'supervisor', 'reject', {
          reason: `${pick(REJECTIONS)} ${SIM_MARK}`,
        });
        if (rejected) stats.labRejected += 1;
        return rejected;
      }
      return event(ctx, doc, 'supervisor', 'inspect');
    case 'inspected':
      return event(ctx, doc, 'supervisor', 'post');
    case 'posted': {
      const released = await event(ctx, doc, 'supervisor', 'release');
      if (released) stats.labReleased += 1;
      return released;
    }
    default:
      return null;
  }
}
