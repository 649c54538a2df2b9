import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { locations, parameters, parameterTypes } from '../schema/general.ts';
import { stampReels } from '../schema/stamp-reels.ts';
import { users } from '../schema/users.ts';
import { postReelMovements, type ReelMove } from '../stamp-reels/reel-ledger.ts';

// A dozen stamp reels of the demo jurisdictions in every state the reel screens show: waiting
// for approval, rejected, in stock, part used (applied, wasted, damaged), adjusted, lost and
// used up. Their ledger is posted through the ledger module, so remaining = Σ movements.

const DAY = 86_400_000;

type DemoReel = {
  no: string;
  jurisdiction: string;
  type: string;
  first: number;
  qty: number;
  /** Days before today it was received. */
  age: number;
  status: 'received' | 'available' | 'rejected' | 'lost' | 'depleted';
  /** Serials short of the count: a receipt that cannot be approved. */
  span?: number;
  /** Ledger after receipt: [type, qty, days after receipt, note]. */
  moves?: ReadonlyArray<readonly [ReelMove['type'], number, number, string?]>;
};

const REELS: readonly DemoReel[] = [
  {
    no: 'RL-ON-24001',
    jurisdiction: 'ON',
    type: 'federal_provincial',
    first: 24_000_001,
    qty: 5000,
    age: 90,
    status: 'depleted',
    moves: [
      ['issue', 0, 2],
      ['apply', -4930, 3],
      ['waste', -48, 3],
      ['damage', -22, 3, 'Torn at splice'],
    ],
  },
  {
    no: 'RL-ON-24002',
    jurisdiction: 'ON',
    type: 'federal_provincial',
    first: 24_005_001,
    qty: 5000,
    age: 60,
    status: 'available',
    moves: [
      ['issue', 0, 5],
      ['apply', -2310, 6],
      ['waste', -15, 6],
      ['return', 0, 6],
    ],
  },
  {
    no: 'RL-ON-24003',
    jurisdiction: 'ON',
    type: 'federal_provincial',
    first: 24_010_001,
    qty: 5000,
    age: 20,
    status: 'available',
  },
  {
    no: 'RL-ON-24004',
    jurisdiction: 'ON',
    type: 'federal_provincial',
    first: 24_015_001,
    qty: 5000,
    age: 1,
    status: 'received',
  },
  {
    no: 'RL-QC-31001',
    jurisdiction: 'QC',
    type: 'federal_provincial',
    first: 31_000_001,
    qty: 2500,
    age: 75,
    status: 'available',
    moves: [
      ['issue', 0, 1],
      ['apply', -1200, 2],
      ['damage', -30, 2, 'Water damage'],
      ['return', 0, 2],
      ['adjust', -12, 10, 'Count at month end'],
    ],
  },
  {
    no: 'RL-QC-31002',
    jurisdiction: 'QC',
    type: 'federal_provincial',
    first: 31_002_501,
    qty: 2500,
    age: 40,
    status: 'lost',
    moves: [['lost', -2500, 12, 'Not found at cycle count']],
  },
  {
    no: 'RL-QC-31003',
    jurisdiction: 'QC',
    type: 'federal_provincial',
    first: 31_005_001,
    qty: 2500,
    age: 3,
    status: 'received',
    span: 2400,
  },
  {
    no: 'RL-CA-10001',
    jurisdiction: 'CA',
    type: 'federal',
    first: 10_000_001,
    qty: 10000,
    age: 120,
    status: 'available',
    moves: [
      ['issue', 0, 4],
      ['apply', -6500, 5],
      ['waste', -75, 5],
      ['return', 0, 5],
      ['adjust', 20, 30, 'Recount found a spare wrap'],
    ],
  },
  {
    no: 'RL-CA-10002',
    jurisdiction: 'CA',
    type: 'federal',
    first: 10_010_001,
    qty: 10000,
    age: 30,
    status: 'available',
  },
  {
    no: 'RL-CA-10003',
    jurisdiction: 'CA',
    type: 'federal',
    first: 10_020_001,
    qty: 10000,
    age: 14,
    status: 'rejected',
    span: 9990,
  },
  {
    no: 'RL-MB-50001',
    jurisdiction: 'MB',
    type: 'federal_provincial',
    first: 50_000_001,
    qty: 2000,
    age: 50,
    status: 'available',
    moves: [
      ['issue', 0, 8],
      ['apply', -800, 9],
      ['return', 0, 9],
    ],
  },
  {
    no: 'RL-MB-50002',
    jurisdiction: 'MB',
    type: 'federal_provincial',
    first: 50_002_001,
    qty: 2000,
    age: 2,
    status: 'received',
  },
];

export async function parameterIds(tx: Tx, typeCode: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: parameters.id, code: parameters.code })
    .from(parameters)
    .innerJoin(parameterTypes, eq(parameterTypes.id, parameters.parameterTypeId))
    .where(eq(parameterTypes.code, typeCode));
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function seedDemoStampReels(tx: Tx): Promise<void> {
  const jurisdictions = await parameterIds(tx, 'stamp_jurisdiction');
  const types = await parameterIds(tx, 'stamp_type');
  const people = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['stamp_inventory', 'manager', 'stamper']));
  const who = (name: string) => people.find((p) => p.username === name)?.id;
  const receiver = who('stamp_inventory');
  const approver = who('manager');
  const stamper = who('stamper') ?? receiver;
  const [floor] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(eq(locations.code, 'PROD'));
  const adjustmentReason = (await parameterIds(tx, 'adjustment_reason')).values().next().value;
  if (!receiver || !approver || !stamper) return;
  const today = Date.now();
  for (const reel of REELS) {
    const jurisdiction = jurisdictions.get(reel.jurisdiction);
    const type = types.get(reel.type);
    if (!jurisdiction || !type) continue;
    const receivedAt = new Date(today - reel.age * DAY);
    const decided = reel.status !== 'received';
    const [row] = await tx
      .insert(stampReels)
      .values({
        reelNo: reel.no,
        stampJurisdictionId: jurisdiction,
        stampTypeId: type,
        firstSerial: reel.first,
        lastSerial: reel.first + (reel.span ?? reel.qty) - 1,
        stampsQty: reel.qty,
        receivedAt: receivedAt.toISOString().slice(0, 10),
        supplierRef: `CBSA-${reel.no.slice(3)}`,
        locationId: floor?.id ?? null,
        status: 'received',
        approvedBy: decided && reel.status !== 'rejected' ? approver : null,
        note:
          reel.status === 'rejected' ? 'Serial span short of the count on the packing slip' : null,
        createdBy: receiver,
        updatedBy: receiver,
        createdAt: receivedAt,
      })
      .returning({ id: stampReels.id });
    if (!row || !decided || reel.status === 'rejected') {
      if (row && reel.status === 'rejected') {
        await tx.update(stampReels).set({ status: 'rejected' }).where(eq(stampReels.id, row.id));
      }
      continue;
    }
    const at = (days: number) => new Date(receivedAt.getTime() + days * DAY + 3_600_000);
    await postReelMovements(
      tx,
      [{ reelId: row.id, type: 'receive', qty: reel.qty, approvedBy: approver, at: at(0) }],
      approver,
    );
    for (const [kind, qty, days, note] of reel.moves ?? []) {
      const corrective = kind === 'adjust' || kind === 'lost';
      await postReelMovements(
        tx,
        [
          {
            reelId: row.id,
            type: kind,
            qty,
            at: at(days),
            note: note ?? null,
            approvedBy: corrective || kind === 'damage' ? approver : null,
            reasonId: kind === 'adjust' ? (adjustmentReason ?? null) : null,
          },
        ],
        corrective ? receiver : stamper,
      );
    }
    await tx
      .update(stampReels)
      .set({ status: reel.status })
      .where(and(eq(stampReels.id, row.id)));
  }
}
