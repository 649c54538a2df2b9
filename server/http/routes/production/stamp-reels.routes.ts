import type { FastifyInstance } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { createSchema, updateSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import {
  PENDING_REEL_STATUSES,
  REEL_LIMITED_EDIT_FIELDS,
} from '../../../../src/domain/entities/production/stamp-reel-values.ts';
import {
  PENDING_REELS,
  REEL_ADJUSTMENT_LOG,
  REEL_MOVEMENTS,
  STAMP_REELS,
  STAMPS_INVENTORY,
} from '../../../../src/domain/entities/production/stamp-reels.entity.ts';
import {
  decideStampReel,
  reelIsLimited,
  STAMP_REEL_TRANSITIONS,
} from '../../../../src/machines/workflows/stamp-reel.machine.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Tx } from '../../../db/client.ts';
import { plantDayEnd, plantToday } from '../../../db/plant-time.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { locations, parameters } from '../../../db/schema/general.ts';
import { reelMovements as mv } from '../../../db/schema/reel-movements.ts';
import { stampReels } from '../../../db/schema/stamp-reels.ts';
import { postReelMovements, type ReelMove } from '../../../db/stamp-reels/reel-ledger.ts';
import { lockResources, stampReelKey } from '../../../db/resource-locks.ts';
import { ruleError } from '../../../errors/api-error.ts';
import {
  qualified,
  refLabel,
  toColumnValues,
  type EntityBinding,
} from '../../entity/entity-binding.ts';
import {
  lockRow,
  readOrFail,
  registerEntityRoutes,
  staleVersion,
} from '../../entity/entity-routes.ts';
import { runEvent } from '../../entity/event-pipeline.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { publishRow } from '../../entity/publish-row.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { logComputed, logTable } from '../../entity/log-table.ts';
import { createdLabels } from '../../entity/shared-field-labels.ts';
import { reelEventMoves } from './reel-event-moves.ts';
import { STAMP_COVER_CHANNEL } from './stamp-cover.routes.ts';
import { registerReportRoutes } from '../../entity/report-routes.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';

// Stamp reels (docs/domain/production.md §3.2): stamp_inventory records a reel `received`; another
// person approves (its stamps go on the ledger) or rejects it; an available reel may be declared
// lost or adjusted. Every event runs through the one event pipeline (event-pipeline.ts): the
// status, its ledger rows and the status_transitions row commit in one transaction. After commit a
// change goes out on the reels' channel and on `private-production.stamping`, where the
// stamping floor hears reels come and go.

const STAMPING_CHANNEL = 'private-production.stamping';

const userName = (fk: SQL) => sql<string | null>`(select u.name from users u where u.id = ${fk})`;

export const reelComputed = {
  stamp_jurisdiction_name: refLabel(stampReels.stampJurisdictionId, parameters),
  stamp_type_name: refLabel(stampReels.stampTypeId, parameters),
  location_name: refLabel(stampReels.locationId, locations),
  approved_by_name: userName(qualified(stampReels.approvedBy)),
  ...createdLabels(stampReels.createdBy),
};

const reelBinding: EntityBinding = {
  entity: STAMP_REELS,
  table: stampReels,
  computed: reelComputed,
  ownWrites: true,
};

/** The open stamping order that asked for a reel (at most one: the reel is then requested). */
const askingOrder = (column: string) =>
  sql`(select ${sql.raw(column)} from stamping_order_reels l
        join product_stamping_orders o on o.id = l.stamping_order_id
       where l.reel_id = ${qualified(stampReels.id)} and o.status = 'reel_pending'
       order by l.id desc limit 1)`;

const pendingBinding: EntityBinding = {
  entity: PENDING_REELS,
  table: stampReels,
  computed: {
    ...reelComputed,
    stamping_order_number: askingOrder('o.number'),
    stamping_order_id: askingOrder('o.id::int'),
    stamping_order_version: askingOrder('o.version'),
    stamping_order_product: askingOrder('(select p.sku from products p where p.id = o.product_id)'),
  },
  where: sql`${stampReels.status} in (${sql.join(
    PENDING_REEL_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`,
};

const reelOf = sql`(select r.reel_no from stamp_reels r where r.id = ${qualified(mv.reelId)})`;
const reelParam = (column: string) =>
  sql`(select p.name from stamp_reels r join parameters p on p.id = r.${sql.identifier(column)}
        where r.id = ${qualified(mv.reelId)})`;

// The ledger's one declaration, read as a log: every row version 1, its author as editor.
const movements = logTable(mv);
const movementComputed = {
  ...logComputed(mv),
  reel_no: reelOf,
  stamp_jurisdiction_name: reelParam('stamp_jurisdiction_id'),
  stamp_type_name: reelParam('stamp_type_id'),
  reason_name: refLabel(mv.reasonId, parameters),
  approved_by_name: userName(qualified(mv.approvedBy)),
};

/** The parameter's type code, to refuse a stamp type where a jurisdiction belongs. */
async function checkParameter(tx: Tx, field: string, id: unknown, typeCode: string) {
  if (id === undefined) return;
  const [row] = await queryRows<{ code: string }>(
    tx,
    sql`select t.code from parameters p join parameter_types t on t.id = p.parameter_type_id
         where p.id = ${Number(id)}`,
  );
  if (!row) throw ruleError(field, 'exists');
  if (row.code !== typeCode) {
    throw ruleError(field, `Choose a ${typeCode.replaceAll('_', ' ')}`);
  }
}

async function checkReelValues(tx: Tx, values: Record<string, unknown>) {
  await checkParameter(
    tx,
    'stamp_jurisdiction_id',
    values.stamp_jurisdiction_id,
    'stamp_jurisdiction',
  );
  await checkParameter(tx, 'stamp_type_id', values.stamp_type_id, 'stamp_type');
  const first = values.first_serial as number | undefined;
  const last = values.last_serial as number | undefined;
  if (first !== undefined && last !== undefined && last < first) {
    throw ruleError('last_serial', 'The last serial comes before the first');
  }
}

const eventBody = z.looseObject({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
  reason_id: z.coerce.number().int().positive().optional(),
  qty: z.coerce.number().int().optional(),
});

export function registerStampReelRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  const binding = registerEntityRoutes(app, deps, reelBinding);
  registerEntityRoutes(app, deps, pendingBinding);
  registerEntityRoutes(app, deps, {
    entity: REEL_MOVEMENTS,
    table: movements,
    computed: movementComputed,
  });
  const writeAccess = { area: 'production_reel_edit' } as const;

  async function publish(verb: 'created' | 'updated', row: EntityRow) {
    // The cover panels hear it too: a reel's stamps are the cover's on hand and on order.
    await publishChange(deps, STAMP_REELS, verb, row, {
      alsoTo: [STAMPING_CHANNEL, STAMP_COVER_CHANNEL],
    });
  }

  addRoute(app, {
    method: 'POST',
    url: STAMP_REELS.api,
    response: entityRowSchema(STAMP_REELS),
    access: writeAccess,
    summary: 'Record a received reel; another person approves or rejects its receipt',
    body: createSchema(STAMP_REELS),
    handler: async ({ body, user, request }) => {
      const actor = signedIn(user);
      const row = await db.transaction(async (tx) => {
        await checkReelValues(tx, body);
        const [inserted] = await tx
          .insert(stampReels)
          .values({
            ...(toColumnValues(binding, body) as typeof stampReels.$inferInsert),
            status: 'received',
            remainingQty: 0,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: stampReels.id });
        if (!inserted) throw new Error('stamp_reels: insert returned no row');
        await writeAudit(tx, {
          entityType: STAMP_REELS.name,
          entityId: inserted.id,
          action: 'create',
          changes: diffFields({}, body),
          userId: actor.id,
          ip: request.ip,
        });
        return readOrFail(tx, binding, inserted.id);
      });
      await publish('created', row);
      const change = { id: row.id, seq: row.seq, version: row.version, data: row };
      await publishRow(deps, STAMP_REELS, 'reel.approval_requested', change, {
        alsoTo: [STAMPING_CHANNEL],
      });
      return new Answer(row, 'created', 201);
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: `${STAMP_REELS.api}/:id`,
    response: entityRowSchema(STAMP_REELS),
    access: writeAccess,
    summary: 'Edit a received reel; once decided, only its location and note',
    params: idParams,
    body: updateSchema(STAMP_REELS),
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const { version, ...fields } = body as Record<string, unknown> & { version: number };
      const row = await db.transaction(async (tx) => {
        const before = await readOrFail(tx, binding, params.id);
        if (before.version !== version) throw await staleVersion(tx, binding, params.id);
        const status = String(before.status);
        if (reelIsLimited(status)) {
          const allowed: readonly string[] = REEL_LIMITED_EDIT_FIELDS;
          for (const [name, value] of Object.entries(fields)) {
            if (allowed.includes(name) || value === undefined) continue;
            if (JSON.stringify(value) !== JSON.stringify(before[name])) {
              throw ruleError(
                name,
                `Only the location and note change once a reel is ${status.replaceAll('_', ' ')}`,
              );
            }
          }
        } else {
          await checkReelValues(tx, { ...before, ...fields });
        }
        const values = reelIsLimited(status)
          ? Object.fromEntries(
              Object.entries(fields).filter(([k]) =>
                (REEL_LIMITED_EDIT_FIELDS as readonly string[]).includes(k),
              ),
            )
          : fields;
        const updated = await tx
          .update(stampReels)
          .set({ ...toColumnValues(binding, values), updatedBy: actor.id })
          .where(and(eq(stampReels.id, params.id), eq(stampReels.version, version)))
          .returning({ id: stampReels.id });
        if (updated.length !== 1) throw await staleVersion(tx, binding, params.id);
        await writeAudit(tx, {
          entityType: STAMP_REELS.name,
          entityId: params.id,
          action: 'update',
          changes: diffFields(before, values),
          userId: actor.id,
          ip: request.ip,
        });
        return readOrFail(tx, binding, params.id);
      });
      await publish('updated', row);
      return row;
    },
  });

  // Approvers (manager) reach events through the pending-reel row; the machine's roles
  // decide each event (adjust: stamp_inventory only).
  addRoute(app, {
    method: 'POST',
    url: `${STAMP_REELS.api}/:id/events/:event`,
    response: entityRowSchema(STAMP_REELS),
    access: { area: 'production_pending_reel' },
    callers: { events: eventRolesOf(STAMP_REEL_TRANSITIONS) },
    summary: 'Send a reel event (approve_receipt, reject_receipt, mark_lost, adjust with qty)',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: eventBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { version, reason, ...input } = body;
      const row = await db.transaction(async (tx) => {
        const t = await runEvent<string, ReelMove[]>(
          tx,
          {
            binding,
            // The reel's key before its row, as the ledger and the stamping orders take them.
            lockRecord: async (t, id) => {
              await lockResources(t, [stampReelKey(id)]);
              await lockRow(t, binding, id);
            },
            decide: ({ doc }) => {
              const reel = rowOf(STAMP_REELS, doc);
              const decision = decideStampReel(
                params.event,
                { id: actor.id, roles: actor.roles },
                { status: String(reel.status), created_by: reel.created_by ?? null },
              );
              // An adjustment that empties the reel leaves nothing to issue. The reel is locked
              // and its remaining_qty is Σ of its ledger, so this is what the ledger will say.
              const emptied =
                params.event === 'adjust' && (reel.remaining_qty ?? 0) + Number(input.qty) === 0;
              return decision.kind === 'ok' && emptied ? { kind: 'ok', to: 'depleted' } : decision;
            },
            needsReason: ({ doc }) =>
              STAMP_REEL_TRANSITIONS[String(doc.status)]?.[params.event]?.needsReason ?? false,
            effect: async ({ doc }) => {
              const { set, moves } = reelEventMoves(params.event, rowOf(STAMP_REELS, doc), {
                actorId: actor.id,
                reason: reason ?? null,
                reasonId: input.reason_id ?? null,
                qty: input.qty,
              });
              const payload =
                moves.length > 0
                  ? { moves: moves.map((m) => ({ type: m.type, qty: m.qty })) }
                  : null;
              return { set, payload, after: moves };
            },
          },
          { id: params.id, event: params.event, version, reason: reason ?? null, actor, input },
        );
        // The ledger writes the reel's remaining_qty, so it posts after the event's versioned
        // write of the same row (a refusal below zero still undoes both), and the answer is
        // the reel as the ledger left it.
        await postReelMovements(tx, t.after ?? [], actor.id);
        return readOrFail(tx, binding, params.id);
      });
      await publish('updated', row);
      return row;
    },
  });

  registerReportRoutes(app, deps, REEL_ADJUSTMENT_LOG, z.object({}), () => ({
    entity: REEL_ADJUSTMENT_LOG,
    table: movements,
    computed: movementComputed,
    where: sql`${mv.type} in ('adjust', 'lost', 'damage')`,
  }));

  registerReportRoutes(
    app,
    deps,
    STAMPS_INVENTORY,
    z.object({ as_of: z.iso.date().optional() }),
    (values) => stampsInventoryBinding((values.as_of as string | undefined) ?? null),
  );
}

/** Per reel, its ledger up to the end of `asOf` (today when null); reels received by then. */
function stampsInventoryBinding(asOf: string | null): EntityBinding {
  const day = asOf ? sql`${asOf}::date` : plantToday;
  const dayEnd = plantDayEnd(day);
  const sum = (types: string, sign = '') =>
    sql<number>`(select coalesce(${sql.raw(sign)}sum(m.qty), 0) from reel_movements m
        where m.reel_id = ${qualified(stampReels.id)} and m.type in (${sql.raw(types)})
          and m.created_at < ${dayEnd})`.mapWith(Number);
  return {
    entity: STAMPS_INVENTORY,
    table: stampReels,
    where: sql`${stampReels.receivedAt} <= ${day}`,
    computed: {
      stamp_jurisdiction_name: refLabel(stampReels.stampJurisdictionId, parameters),
      stamp_type_name: refLabel(stampReels.stampTypeId, parameters),
      received_qty: sum(`'receive'`),
      issue_count: sql<number>`(select count(*) from reel_movements m
          where m.reel_id = ${qualified(stampReels.id)} and m.type = 'issue'
            and m.created_at < ${dayEnd})`.mapWith(Number),
      applied_qty: sum(`'apply'`, '-'),
      wasted_qty: sum(`'waste'`, '-'),
      damaged_qty: sum(`'damage'`, '-'),
      lost_qty: sum(`'lost'`, '-'),
      adjusted_qty: sum(`'adjust'`),
      remaining_qty: sum(`'receive', 'apply', 'waste', 'damage', 'lost', 'adjust'`),
    },
  };
}
