import { eq, inArray, sql } from 'drizzle-orm';
import type { AssemblyStage } from '../shared/entities/assembly-order-values.ts';
import {
  decideAssemblyOrder,
  shownAssemblyPosition,
  type AssemblyEventName,
  type AssemblyPosition,
} from '../shared/machines/assembly-order.machine.ts';
import {
  applyAssemblyEffect,
  type AssemblyEffectOrder,
  type AssemblyInput,
} from './db/assembly-effects.ts';
import type { Tx } from '../../../server/db/client.ts';
import { nextNumber } from '../../../server/db/document-number.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import { assemblyOrders, productComponents } from './db/assembly.schema.ts';
import { locations, settings } from '../../../server/db/schema/general.ts';
import { measures, products } from '../../../server/db/schema/inventory.ts';
import {
  flowActions,
  flows,
  machines,
  operations,
  phases,
  skids,
} from '../../../server/db/schema/production-config.ts';
import { stampReels } from '../../../server/db/schema/stamp-reels.ts';
import { users } from '../../../server/db/schema/users.ts';
import { postReelMovements } from '../../../server/db/stamp-reels/reel-ledger.ts';
import { logTransition } from '../../../server/db/transition-log.ts';
import { parameterIds } from '../../../server/db/demo/demo-stamp-reels.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// The kit line's demo (docs/domain/assembly.md §4): its phases, operations, flow, machines and
// skids with module 'assembly', two kits and their components, two assembly reels, and one assembly
// order standing in each stage, moved there by the same effects the API runs (components
// consumed, stamps applied, kits received into stock), each step by the crew that does it.

const PHASES = [
  ['sealing', 'Sealing'],
  ['stamping', 'Stamping'],
  ['cartoning', 'Cartoning'],
  ['transfer', 'Transfer'],
  ['shipping', 'Shipping'],
] as const;

/** Phase, code, name, machine kind, performer. */
const OPERATIONS = [
  ['sealing', 'A-SEAL', 'Seal kit blister', 'sealer', 'sealer'],
  ['stamping', 'A-STAMP', 'Apply excise stamp to kit', 'stamper', 'stamper'],
  ['cartoning', 'A-CARTON', 'Carton kits', 'cartoner', 'cartoner'],
  ['transfer', 'A-TRANSFER', 'Move kits to the dock', 'other', 'transfer'],
  ['shipping', 'A-SHIP', 'Ship kits', 'other', 'shipping'],
] as const;

const MACHINES = [
  ['SEAL-A1', 'sealer'],
  ['STM-A1', 'stamper'],
  ['CTN-A1', 'cartoner'],
] as const;

/** SKU, name, components (SKU, per kit). */
const KITS = [
  [
    'KIT-MANGO-DUO',
    'Mango duo kit (2 × 30 ml, 6 mg)',
    [
      ['FG-MANGO-06-30', 2],
      ['PK-CTN-30-24', 1],
    ],
  ],
  [
    'KIT-FRUIT-TRIO',
    'Fruit trio kit (3 × 30 ml, 6 mg)',
    [
      ['FG-MANGO-06-30', 1],
      ['FG-STRAW-06-30', 1],
      ['FG-BLURAZ-06-30', 1],
      ['PK-CTN-30-24', 1],
    ],
  ],
] as const;

type Step = readonly [event: AssemblyEventName, by: string, input?: AssemblyInput];

/** The steps that bring an order of 20 kits to each stage, in order. */
const STEPS: readonly Step[] = [
  ['release', 'admin'],
  ['start_sealing', 'sealer'],
  ['finish_sealing', 'sealer', { sealed_units: 20, sealing_waste: 1 }],
  ['finish_stamping', 'stamper', { stamped_units: 19, stamping_waste: 1, damaged_stamps: 1 }],
  ['finish_cartoning', 'cartoner', { cartoned_units: 19, cartoning_waste: 0 }],
];

/** Orders to seed: kit, how many steps it has taken (0 = draft). */
const ORDERS: readonly (readonly [string, number])[] = [
  ['KIT-MANGO-DUO', 0],
  ['KIT-FRUIT-TRIO', 1],
  ['KIT-MANGO-DUO', 2],
  ['KIT-FRUIT-TRIO', 3],
  ['KIT-MANGO-DUO', 4],
  ['KIT-FRUIT-TRIO', 5],
];

const byCode = (rows: readonly { id: number; code: string }[]) => (code: string) =>
  rows.find((r) => r.code === code)?.id ?? null;

export async function seedDemoAssembly(tx: Tx): Promise<void> {
  const crew = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(users.username, ['admin', 'sealer', 'stamper', 'cartoner', 'transfer', 'shipping']),
    );
  const who = (name: string) => crew.find((u) => u.username === name)?.id ?? null;
  const [floor] = await tx.select().from(locations).where(eq(locations.code, 'PROD'));
  const [each] = await tx.select().from(measures).where(eq(measures.code, 'ea'));
  const admin = who('admin');
  if (!floor || !each || admin === null) return;

  // The line's own settings (its settings screen edits `assembly.*`).
  await tx
    .insert(settings)
    .values([
      { key: 'assembly.sealing_waste_alert_pct', value: 2 },
      { key: 'assembly.stamping_waste_alert_pct', value: 1.5 },
    ])
    .onConflictDoNothing();
  const phaseRows = await tx
    .insert(phases)
    .values(
      PHASES.map(([code, name], i) => ({
        module: 'assembly' as const,
        code,
        name,
        sort: (i + 1) * 10,
      })),
    )
    .returning({ id: phases.id, code: phases.code });
  const phaseId = byCode(phaseRows);
  const operationRows = await tx
    .insert(operations)
    .values(
      OPERATIONS.map(([phase, code, name, machineKind, performerRole]) => ({
        module: 'assembly' as const,
        phaseId: phaseId(phase)!,
        code,
        name,
        machineKind,
        standardMinutes: '2',
        performerRole,
      })),
    )
    .returning({ id: operations.id, code: operations.code });
  const operationId = byCode(operationRows);
  const [flow] = await tx
    .insert(flows)
    .values({ module: 'assembly', code: 'KIT-ASSEMBLY', name: 'Kit assembly' })
    .returning({ id: flows.id });
  if (!flow) return;
  await tx.insert(flowActions).values(
    OPERATIONS.map(([phase, code], i) => ({
      flowId: flow.id,
      step: i + 1,
      phaseId: phaseId(phase)!,
      operationId: operationId(code),
    })),
  );
  await tx.insert(machines).values(
    MACHINES.map(([code, kind]) => ({
      module: 'assembly' as const,
      code,
      kind,
      locationId: floor.id,
    })),
  );
  await tx.insert(skids).values([
    { module: 'assembly', code: 'SK-A0001', status: 'open', locationId: floor.id },
    { module: 'assembly', code: 'SK-A0002', status: 'closed', locationId: floor.id },
  ]);

  const skus = KITS.flatMap(([, , parts]) => parts.map(([sku]) => sku));
  const parts = await tx
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, skus));
  const partId = (sku: string) => parts.find((p) => p.sku === sku)?.id;
  const jurisdictions = await parameterIds(tx, 'stamp_jurisdiction');
  const stampTypes = await parameterIds(tx, 'stamp_type');
  const ontario = jurisdictions.get('ON');
  const federal = stampTypes.get('federal');
  if (!ontario || !federal) return;
  const kits = new Map<string, number>();
  for (const [sku, name, bill] of KITS) {
    const [kit] = await tx
      .insert(products)
      .values({
        sku,
        name,
        type: 'kit',
        measureId: each.id,
        requiresStamp: true,
        stampJurisdictionId: ontario,
        standardCost: '9.5000',
        createdBy: admin,
        updatedBy: admin,
      })
      .returning({ id: products.id });
    if (!kit) continue;
    kits.set(sku, kit.id);
    const components = bill.flatMap(([part, qty]) => {
      const id = partId(part);
      return id
        ? [
            {
              productId: kit.id,
              componentProductId: id,
              qtyPerUnit: String(qty),
              phaseId: phaseId('sealing'),
            },
          ]
        : [];
    });
    await tx.insert(productComponents).values(components);
  }

  // Two reels for the line: one in use for the seeded stamping, one whole.
  const reels: number[] = [];
  for (const [no, first] of [
    ['ST-A-0001', 70_000_001],
    ['ST-A-0002', 70_001_001],
  ] as const) {
    const [reel] = await tx
      .insert(stampReels)
      .values({
        reelNo: no,
        module: 'assembly',
        stampJurisdictionId: ontario,
        stampTypeId: federal,
        firstSerial: first,
        lastSerial: first + 999,
        stampsQty: 1000,
        receivedAt: new Date().toISOString().slice(0, 10),
        locationId: floor.id,
        status: 'received',
        approvedBy: admin,
        createdBy: admin,
        updatedBy: admin,
      })
      .returning({ id: stampReels.id });
    if (!reel) continue;
    await postReelMovements(
      tx,
      [{ reelId: reel.id, type: 'receive', qty: 1000, approvedBy: admin }],
      admin,
    );
    await tx.update(stampReels).set({ status: 'available' }).where(eq(stampReels.id, reel.id));
    reels.push(reel.id);
  }

  const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  for (const [sku, steps] of ORDERS) {
    const productId = kits.get(sku);
    if (!productId) continue;
    const [order] = await tx
      .insert(assemblyOrders)
      .values({
        number: await nextNumber(tx, 'assembly_order'),
        productId,
        flowId: flow.id,
        stampJurisdictionId: ontario,
        plannedUnits: 20,
        dueDate: due,
        createdBy: admin,
        updatedBy: admin,
      })
      .returning({ id: assemblyOrders.id });
    if (!order) continue;
    for (const [event, by, input] of STEPS.slice(0, steps)) {
      const actorId = who(by) ?? admin;
      const extra = event === 'finish_stamping' && reels[0] ? { reel_id: reels[0] } : {};
      await advance(tx, order.id, event, { id: actorId, roles: [by] }, { ...input, ...extra });
    }
  }
}

/** One step of a demo order, decided and written as the API would (no broadcast: no one listens yet). */
async function advance(
  tx: Tx,
  id: number,
  event: AssemblyEventName,
  actor: { id: number; roles: readonly string[] },
  input: AssemblyInput,
): Promise<void> {
  const [order] = await queryRows<EntityRow & AssemblyEffectOrder>(
    tx,
    sql`select o.id::int as id, o.version, o.seq, o.number, o.product_id::int as product_id,
               o.planned_units, o.stamp_jurisdiction_id::int as stamp_jurisdiction_id,
               o.status, o.stage, o.previous_status, o.sealed_units, o.stamped_units,
               o.cartoned_units
          from assembly_orders o where o.id = ${id}`,
  );
  if (!order) return;
  const from: AssemblyPosition = {
    status: order.status as AssemblyPosition['status'],
    stage: (order.stage as AssemblyStage | null) ?? null,
  };
  const decision = decideAssemblyOrder(from, {
    type: `assembly.${event}`,
    actor,
    reason: null,
    facts: {
      stage: from.stage,
      previousStatus: null,
      hasComponents: true,
      hasConsumption: Number(order.sealed_units) > 0,
      sealedUnits: Number(order.sealed_units),
      stampedUnits: Number(order.stamped_units),
      input: {
        sealed: input.sealed_units ?? 0,
        stamped: input.stamped_units ?? 0,
        stampingWaste: input.stamping_waste ?? 0,
        cartoned: input.cartoned_units ?? 0,
        cartoningWaste: input.cartoning_waste ?? 0,
      },
    },
  });
  if (!decision.ok) throw new Error(`demo assembly ${event}: ${decision.reason}`);
  const outcome = await applyAssemblyEffect(event, {
    tx,
    actorId: actor.id,
    order,
    reason: null,
    input,
    from,
    to: decision.to,
  });
  await tx
    .update(assemblyOrders)
    .set({
      ...(outcome.set ?? {}),
      status: decision.to.status,
      stage: decision.to.stage,
      stageSince: new Date(),
      updatedBy: actor.id,
    })
    .where(eq(assemblyOrders.id, id));
  await logTransition(tx, {
    entityType: 'assembly_orders',
    entityId: id,
    from: shownAssemblyPosition(from),
    to: shownAssemblyPosition(decision.to),
    event,
    reason: null,
    payload: Object.keys(input).length > 0 ? { ...input } : null,
    actorId: actor.id,
  });
}
