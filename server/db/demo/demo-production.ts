import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { locations } from '../schema/general.ts';
import {
  carts,
  flowActions,
  flows,
  machines,
  operations,
  pails,
  phases,
  skids,
} from '../schema/production-config.ts';
import type { MACHINE_KINDS } from '../../../src/domain/entities/production/production-values.ts';
import type { Role } from '../../../src/domain/roles.ts';

// Production configuration of the demo plant (docs/domain/production.md §3.1): the seven bottling
// phases in order, the work done in each, the machines on the floor, the standard e-liquid flow and
// a few carts, skids and pails.

type Kind = (typeof MACHINE_KINDS)[number];

const PHASES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['batching', 'Batching'],
  ['hplc', 'HPLC'],
  ['bottling', 'Bottling'],
  ['labeling', 'Labeling'],
  ['stamping', 'Stamping'],
  ['transfer', 'Transfer'],
  ['shipping', 'Shipping'],
];

const OPERATIONS: ReadonlyArray<
  readonly [
    phase: string,
    code: string,
    name: string,
    kind: Kind | null,
    minutes: number,
    role: Role,
  ]
> = [
  ['batching', 'mix', 'Weigh and mix batch', 'mixer', 45, 'batcher'],
  ['batching', 'fill_pails', 'Fill pails', null, 15, 'batcher'],
  ['hplc', 'hplc_test', 'Nicotine assay', 'hplc', 30, 'hplc_tech'],
  ['bottling', 'fill', 'Fill bottles', 'filler', 60, 'bottler'],
  ['bottling', 'cap', 'Cap bottles', 'capper', 30, 'bottler'],
  ['labeling', 'label', 'Apply labels', 'labeler', 40, 'labeler'],
  ['stamping', 'stamp', 'Apply excise stamps', 'stamper', 40, 'stamper'],
  ['transfer', 'skid_transfer', 'Move skids to warehouse', null, 20, 'transfer'],
  ['shipping', 'ship', 'Pick and ship', null, 25, 'shipping'],
];

const MACHINES: ReadonlyArray<readonly [code: string, kind: Kind, counter: number]> = [
  ['MIX-01', 'mixer', 1_240],
  ['MIX-02', 'mixer', 980],
  ['HPLC-01', 'hplc', 3_415],
  ['FIL-01', 'filler', 1_482_300],
  ['CAP-01', 'capper', 1_479_950],
  ['LAB-01', 'labeler', 1_401_120],
  ['STM-01', 'stamper', 912_400],
  ['STM-02', 'stamper', 488_750],
];

/**
 * The standard flow's steps; hplc sits between batching and bottling
 * (docs/domain/production.md §3.1).
 */
const STANDARD_FLOW: ReadonlyArray<readonly [phase: string, operation: string]> = [
  ['batching', 'mix'],
  ['hplc', 'hplc_test'],
  ['bottling', 'fill'],
  ['labeling', 'label'],
  ['stamping', 'stamp'],
  ['transfer', 'skid_transfer'],
];

/** The flows the plant simulator plans its orders on (server/simulate): one per kind of good. */
export const SIMULATOR_FLOWS = {
  /** Goods without stamps: labeled, then transferred out. */
  unstamped: {
    code: 'eliquid_to_transfer',
    name: 'E-liquid to transfer',
    phases: ['batching', 'hplc', 'bottling', 'labeling', 'transfer'],
  },
  /** Goods with an excise stamp: labeled, stamped, then transferred out. */
  stamped: {
    code: 'stamped_eliquid_to_transfer',
    name: 'Stamped e-liquid to transfer',
    phases: ['batching', 'hplc', 'bottling', 'labeling', 'stamping', 'transfer'],
  },
} as const;

export type SimulatorFlow = (typeof SIMULATOR_FLOWS)[keyof typeof SIMULATOR_FLOWS];

export async function seedDemoProduction(tx: Tx): Promise<void> {
  const phaseRows = await tx
    .insert(phases)
    .values(PHASES.map(([code, name], i) => ({ code, name, sort: (i + 1) * 10 })))
    .returning({ id: phases.id, code: phases.code });
  const phaseId = byCode(phaseRows);
  const operationRows = await tx
    .insert(operations)
    .values(
      OPERATIONS.map(([phase, code, name, machineKind, minutes, performerRole]) => ({
        phaseId: phaseId(phase),
        code,
        name,
        machineKind,
        standardMinutes: String(minutes),
        performerRole,
      })),
    )
    .returning({ id: operations.id, code: operations.code });
  const operationId = byCode(operationRows);

  const [floor] = await tx.select().from(locations).where(eq(locations.code, 'PROD'));
  const [warehouse] = await tx.select().from(locations).where(eq(locations.code, 'WH-MAIN'));
  await tx.insert(machines).values(
    MACHINES.map(([code, kind, counterTotal]) => ({
      code,
      kind,
      counterTotal,
      locationId: floor?.id ?? null,
      // One machine down for service, so the status tags show more than one colour.
      status: code === 'STM-02' ? ('maintenance' as const) : ('operational' as const),
    })),
  );

  const [flow] = await tx
    .insert(flows)
    .values({ code: 'standard_eliquid', name: 'Standard e-liquid' })
    .returning({ id: flows.id });
  if (!flow) throw new Error('could not create the standard flow');
  await tx.insert(flowActions).values(
    STANDARD_FLOW.map(([phase, operation], i) => ({
      flowId: flow.id,
      step: i + 1,
      phaseId: phaseId(phase),
      operationId: operationId(operation),
    })),
  );

  // The plant simulator's flows (server/simulate): its orders are told apart by them.
  for (const { code, name, phases: steps } of Object.values(SIMULATOR_FLOWS)) {
    const [simulated] = await tx.insert(flows).values({ code, name }).returning({ id: flows.id });
    if (!simulated) throw new Error(`could not create the simulator flow ${code}`);
    const own: readonly string[] = steps;
    await tx.insert(flowActions).values(
      STANDARD_FLOW.filter(([phase]) => own.includes(phase)).map(([phase, operation], i) => ({
        flowId: simulated.id,
        step: i + 1,
        phaseId: phaseId(phase),
        operationId: operationId(operation),
      })),
    );
  }

  await tx.insert(carts).values([
    { code: 'CA-001', capacityUnits: 600 },
    { code: 'CA-002', capacityUnits: 600 },
    { code: 'CA-003', capacityUnits: 400, status: 'out_of_service' },
  ]);
  await tx.insert(skids).values([
    { code: 'SK-0001', status: 'open', locationId: floor?.id ?? null },
    { code: 'SK-0002', status: 'received', locationId: warehouse?.id ?? null },
  ]);
  await tx.insert(pails).values([
    { code: 'PA-001', capacityMl: '20000' },
    { code: 'PA-002', capacityMl: '20000', volumeMl: '18500', status: 'filled' },
    { code: 'PA-003', capacityMl: '20000', status: 'cleaning' },
  ]);
}

/** The id of a just-inserted row by its code; a missing code is a mistake in the lists above. */
function byCode(rows: readonly { id: number; code: string }[]) {
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  return (code: string): number => {
    const id = ids.get(code);
    if (id === undefined) throw new Error(`demo production: no ${code}`);
    return id;
  };
}
