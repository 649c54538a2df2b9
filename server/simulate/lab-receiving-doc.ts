import { LAB_RECEIVINGS } from '../../modules/lab/shared/entities/lab-receivings.entity.ts';
import type { CrewContext } from './crew-context.ts';
import { SIM_MARK, where, type ListData } from './plant-api.ts';

// A lab receiving as the simulator reads it (lab-receipts.ts): its shape on the wire, and the
// simulator's own receivings still under way.

export const RECEIVINGS = LAB_RECEIVINGS.api;
const OPEN = ['draft', 'received', 'inspected', 'posted'];
/** Lots the simulator receives say so, as its inventory receipts' do (warehouse-receipts.ts). */
export const LOT_PREFIX = 'SIM-';

export type ItemRow = {
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

export type LabDoc = {
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

/** The simulator's receivings not yet released or rejected, with their items, oldest first. */
export async function openLabReceivings({ as }: CrewContext): Promise<LabDoc[]> {
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
