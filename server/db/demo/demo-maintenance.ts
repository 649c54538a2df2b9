import { inArray } from 'drizzle-orm';
import type { WorkOrderStatus } from '../../../src/domain/entities/production/maintenance-values.ts';
import type { Tx } from '../client.ts';
import { nextNumber } from '../document-number.ts';
import { syncMachineStatus } from '../production/machine-status.ts';
import {
  issueDetails,
  issueSections,
  machineStatusLogs,
  workOrderComments,
  workOrders,
} from '../schema/maintenance.ts';
import { machines } from '../schema/production-config.ts';
import { users } from '../schema/users.ts';

// Machine maintenance of the demo plant (docs/domain/production.md §3.4): the usual sections of
// trouble and their issues, and work orders in each status on the demo machines, two of which keep
// their machine down right now. Comes after seedDemoProduction (the machines) and the demo users.

type Priority = 'low' | 'medium' | 'high' | 'critical';

const SECTIONS: ReadonlyArray<
  readonly [code: string, name: string, issues: ReadonlyArray<readonly [string, string, Priority]>]
> = [
  [
    'MECH',
    'Mechanical',
    [
      ['BELT', 'Belt worn or broken', 'high'],
      ['JAM', 'Jam or misfeed', 'medium'],
      ['LEAK', 'Nozzle leak', 'medium'],
      ['BEARING', 'Bearing noise', 'low'],
    ],
  ],
  [
    'ELEC',
    'Electrical',
    [
      ['MOTOR', 'Motor fault', 'critical'],
      ['SENSOR', 'Sensor failure', 'high'],
      ['POWER', 'Power loss', 'critical'],
    ],
  ],
  [
    'PNEU',
    'Pneumatic',
    [
      ['AIR', 'Low air pressure', 'high'],
      ['VALVE', 'Valve sticking', 'medium'],
    ],
  ],
  [
    'CTRL',
    'Controls and software',
    [
      ['PLC', 'PLC fault', 'critical'],
      ['HMI', 'Operator panel frozen', 'medium'],
    ],
  ],
  ['SAFE', 'Safety', [['GUARD', 'Guard interlock tripped', 'critical']]],
];

type DemoOrder = {
  machine: string;
  issue: string;
  status: WorkOrderStatus;
  down: boolean;
  reporter: string;
  description: string;
  /** Hours before now it was reported; started and completed follow from it. */
  hoursAgo: number;
  workedHours?: number;
  holdReason?: string;
  resolution?: string;
  comments?: ReadonlyArray<readonly [author: string, body: string]>;
};

const ORDERS: readonly DemoOrder[] = [
  {
    machine: 'FIL-01',
    issue: 'LEAK',
    status: 'completed',
    down: false,
    reporter: 'bottler',
    description: 'Nozzle 3 drips between fills; bottles come out wet.',
    hoursAgo: 74,
    workedHours: 2,
    resolution: 'Replaced the nozzle 3 O-ring and recalibrated the fill volume.',
    comments: [['automation_tech', 'O-ring was cracked; spares are low, reordered.']],
  },
  {
    machine: 'FIL-01',
    issue: 'MOTOR',
    status: 'completed',
    down: true,
    reporter: 'bottler',
    description: 'Filler stopped with a drive overload alarm.',
    hoursAgo: 120,
    workedHours: 0.75,
    resolution: 'Cleared a jammed star wheel and reset the drive.',
  },
  {
    machine: 'LAB-01',
    issue: 'SENSOR',
    status: 'in_progress',
    down: true,
    reporter: 'labeler',
    description: 'Label gap sensor misses labels; every third bottle goes out bare.',
    hoursAgo: 2,
    comments: [
      ['labeler', 'Line stopped at 09:10, bottles moved to cart CA-002.'],
      ['automation_tech', 'Sensor lens was dirty; cleaning did not help, swapping the sensor.'],
    ],
  },
  {
    machine: 'CAP-01',
    issue: 'JAM',
    status: 'on_hold',
    down: true,
    reporter: 'bottler',
    description: 'Caps jam in the chute at speed above 40 bpm.',
    hoursAgo: 26,
    holdReason: 'Waiting for the torque clutch from the supplier',
  },
  {
    machine: 'MIX-02',
    issue: 'AIR',
    status: 'requested',
    down: false,
    reporter: 'batcher',
    description: 'Air pressure gauge reads 4.5 bar, should be 6.',
    hoursAgo: 1,
  },
  {
    machine: 'STM-01',
    issue: 'HMI',
    status: 'open',
    down: false,
    reporter: 'stamper',
    description: 'Operator panel freezes after a reel change; needs a restart.',
    hoursAgo: 8,
  },
  {
    machine: 'MIX-01',
    issue: 'BEARING',
    status: 'rejected',
    down: false,
    reporter: 'batcher',
    description: 'Humming noise at full speed.',
    hoursAgo: 50,
    comments: [['supervisor', 'Normal at full speed, checked with the vendor; no work needed.']],
  },
];

const hoursBefore = (hours: number) => new Date(Date.now() - hours * 3_600_000);

export async function seedDemoMaintenance(tx: Tx): Promise<void> {
  const issueIds = new Map<string, { id: number; priority: Priority }>();
  for (const [code, name, issues] of SECTIONS) {
    const [section] = await tx
      .insert(issueSections)
      .values({ code, name })
      .returning({ id: issueSections.id });
    if (!section) throw new Error(`demo maintenance: section ${code} not created`);
    const rows = await tx
      .insert(issueDetails)
      .values(
        issues.map(([issue, issueName, priority]) => ({
          issueSectionId: section.id,
          code: issue,
          name: issueName,
          defaultPriority: priority,
        })),
      )
      .returning({ id: issueDetails.id, code: issueDetails.code });
    for (const row of rows) {
      issueIds.set(row.code, {
        id: row.id,
        priority: issues.find(([c]) => c === row.code)?.[2] ?? 'medium',
      });
    }
  }

  const machineRows = await tx.select({ id: machines.id, code: machines.code }).from(machines);
  const machineId = new Map(machineRows.map((m) => [m.code, m.id]));
  const people = new Set(
    ORDERS.flatMap((o) => [o.reporter, ...(o.comments ?? []).map(([a]) => a)]),
  );
  const userRows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...people, 'automation_tech']));
  const userId = new Map(userRows.map((u) => [u.username, u.id]));
  const tech = userId.get('automation_tech') ?? null;

  for (const order of ORDERS) {
    const machine = machineId.get(order.machine);
    const issue = issueIds.get(order.issue);
    if (!machine || !issue)
      throw new Error(`demo maintenance: no ${order.machine} or ${order.issue}`);
    const openedAt = hoursBefore(order.hoursAgo);
    const worked = !['requested', 'open', 'rejected'].includes(order.status);
    const startedAt = worked ? hoursBefore(order.hoursAgo - 0.25) : null;
    const completedAt =
      order.status === 'completed' ? hoursBefore(order.hoursAgo - (order.workedHours ?? 1)) : null;
    const reporter = userId.get(order.reporter) ?? null;
    const [row] = await tx
      .insert(workOrders)
      .values({
        number: await nextNumber(tx, 'work_order'),
        machineId: machine,
        issueDetailId: issue.id,
        priority: issue.priority,
        description: order.description,
        machineDown: order.down,
        reportedBy: reporter,
        assignedTo: worked ? tech : null,
        status: order.status,
        openedAt,
        startedAt,
        completedAt,
        downtimeMinutes:
          completedAt && order.down
            ? Math.round((completedAt.getTime() - openedAt.getTime()) / 60_000)
            : null,
        resolution: order.resolution ?? null,
        holdReason: order.holdReason ?? null,
        createdAt: openedAt,
        createdBy: reporter,
        updatedBy: reporter,
      })
      .returning({ id: workOrders.id });
    if (!row) throw new Error('demo maintenance: work order not created');
    if (order.down && completedAt) {
      // A past breakdown: down when reported, back up when completed.
      await tx.insert(machineStatusLogs).values([
        {
          machineId: machine,
          fromStatus: 'operational',
          toStatus: 'down',
          workOrderId: row.id,
          createdAt: openedAt,
          createdBy: reporter,
        },
        {
          machineId: machine,
          fromStatus: 'down',
          toStatus: 'operational',
          workOrderId: row.id,
          createdAt: completedAt,
          createdBy: tech,
        },
      ]);
    } else {
      await syncMachineStatus(tx, machine, row.id, reporter);
    }
    for (const [i, [author, body]] of (order.comments ?? []).entries()) {
      await tx.insert(workOrderComments).values({
        workOrderId: row.id,
        body,
        createdBy: userId.get(author) ?? null,
        createdAt: hoursBefore(order.hoursAgo - 0.5 * (i + 1)),
      });
    }
  }
}
