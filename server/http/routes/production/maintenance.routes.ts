import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ACCESS_TABLE, canAccess } from '../../../../src/domain/access.ts';
import { createSchema, updateSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import {
  ISSUE_DETAILS,
  ISSUE_SECTIONS,
} from '../../../../src/domain/entities/production/issues.entity.ts';
import { MACHINES } from '../../../../src/domain/entities/production/machines.entity.ts';
import {
  MAINTENANCE_ASSIGNEES,
  WORK_ORDERS,
} from '../../../../src/domain/entities/production/work-orders.entity.ts';
import {
  decideWorkOrder,
  isWorkOrderEvent,
  WORK_ORDER_EVENT_ROLES,
  isWorkOrderStatus,
} from '../../../../src/machines/workflows/work-order.machine.ts';
import { decisionOf } from '../../../../src/machines/workflows/document-workflow.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Tx } from '../../../db/client.ts';
import { nextNumber } from '../../../db/document-number.ts';
import {
  syncMachineStatus,
  type MachineStatusChange,
} from '../../../db/production/machine-status.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { lockResources, machineKey } from '../../../db/resource-locks.ts';
import { locations } from '../../../db/schema/general.ts';
import { issueDetails, issueSections, workOrders } from '../../../db/schema/maintenance.ts';
import { machines } from '../../../db/schema/production-config.ts';
import { users } from '../../../db/schema/users.ts';
import { ApiError, ruleError, validationError } from '../../../errors/api-error.ts';
import {
  qualified,
  refLabel,
  resolveBinding,
  toColumnValues,
} from '../../entity/entity-binding.ts';
import { readOrFail, registerEntityRoutes, staleVersion } from '../../entity/entity-routes.ts';
import { runEvent } from '../../entity/event-pipeline.ts';
import { publishChange } from '../../entity/publish-change.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { idParams, versionField } from '../common-fields.ts';
import { registerWorkOrderCommentRoutes } from './work-order-comments.routes.ts';
import { userName } from '../../entity/log-table.ts';
import { entityRowSchema } from '../../entity/entity-row-schema.ts';
import type { EntityRow } from '../../../../src/domain/entities/entity-row.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';

// Machine maintenance (docs/domain/production.md §3.4): issue sections and details on the entity
// pattern; work orders WO- with their own writes (numbering, the machine-down invariant) and
// workflow events (work-order.machine.ts, through the one event pipeline); comments on an order and
// their report. A machine is a shared resource of its work orders: every write of one takes
// the machine's key, then brings the machine's status in line, and both commit together; the
// broadcasts on `private-production.machines` (work_order.*, machine.status_changed,
// machine.updated) go out after commit.

const sectionName = sql<string | null>`(select s.name from issue_details d
  join issue_sections s on s.id = d.issue_section_id
  where d.id = ${qualified(workOrders.issueDetailId)})`;

const workOrderBinding = {
  entity: WORK_ORDERS,
  table: workOrders,
  computed: {
    machine_code: refLabel(workOrders.machineId, machines, 'code'),
    issue_detail_name: refLabel(workOrders.issueDetailId, issueDetails),
    issue_section_name: sectionName,
    assigned_to_name: userName(workOrders.assignedTo),
    reported_by_name: userName(workOrders.reportedBy),
    created_by_name: userName(workOrders.createdBy),
  },
  ownWrites: true,
} as const;

const machineBinding = resolveBinding({
  entity: MACHINES,
  table: machines,
  computed: { location_name: refLabel(machines.locationId, locations) },
});

/** Users who may be assigned a work order: active, technician or maintenance admin. */
const ASSIGNEE_ROLES = [
  ...ACCESS_TABLE.maintenance_technician.roles,
  ...ACCESS_TABLE.maintenance_admin.roles,
  'admin',
];
const isAssignee = sql`${qualified(users.active)} and exists (
  select 1 from user_roles ur join roles r on r.id = ur.role_id
   where ur.user_id = ${qualified(users.id)}
     and r.code in (${sql.join(
       ASSIGNEE_ROLES.map((r) => sql`${r}`),
       sql`, `,
     )}))`;

const eventBody = z.object({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
  resolution: z.string().trim().max(4000).optional(),
});

const isMaintenanceAdmin = (actor: SessionUser) => canAccess(actor.roles, 'maintenance_admin');

export function registerMaintenanceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  registerEntityRoutes(app, deps, { entity: ISSUE_SECTIONS, table: issueSections });
  registerEntityRoutes(app, deps, {
    entity: ISSUE_DETAILS,
    table: issueDetails,
    computed: { issue_section_name: refLabel(issueDetails.issueSectionId, issueSections) },
  });
  const binding = registerEntityRoutes(app, deps, workOrderBinding);
  registerEntityRoutes(app, deps, {
    entity: MAINTENANCE_ASSIGNEES,
    table: users,
    where: isAssignee,
  });
  const access = { area: WORK_ORDERS.area } as const;

  /** After commit: the order, and its machine when its status changed. */
  async function announce(
    verb: 'created' | 'updated',
    row: EntityRow,
    change: MachineStatusChange | null,
  ) {
    await publishChange(deps, WORK_ORDERS, verb, row);
    if (!change) return;
    const machine = await readOrFail(db, machineBinding, change.machineId);
    await deps.realtime.publisher.publish({
      channels: [MACHINES.channel],
      event: 'machine.status_changed',
      data: {
        id: machine.id,
        seq: machine.seq,
        version: machine.version,
        data: {
          id: machine.id,
          code: change.code,
          from: change.from,
          to: change.to,
          work_order_id: change.workOrderId,
        },
      },
    });
    await publishChange(deps, MACHINES, 'updated', machine);
  }

  addRoute(app, {
    method: 'POST',
    url: WORK_ORDERS.api,
    response: entityRowSchema(WORK_ORDERS),
    access,
    summary:
      'Report a machine problem: a work order WO- in requested (machine_down takes the machine down)',
    // The priority may be left out: the issue's default is taken.
    body: createSchema(WORK_ORDERS).partial({ priority: true }),
    handler: async ({ body, user, request }) => {
      const actor = signedIn(user);
      if (body.assigned_to != null && !isMaintenanceAdmin(actor)) {
        throw new ApiError('Only the maintenance admins assign work orders', null, 403);
      }
      const result = await db.transaction(async (tx) => {
        const machineId = Number(body.machine_id);
        await lockResources(tx, [machineKey(machineId)]);
        await checkMachine(tx, machineId);
        const issue = await issueOf(tx, Number(body.issue_detail_id));
        await checkAssignee(tx, body.assigned_to);
        const [inserted] = await tx
          .insert(workOrders)
          .values({
            ...toColumnValues(binding, body),
            number: await nextNumber(tx, 'work_order'),
            machineId,
            issueDetailId: issue.id,
            description: String(body.description),
            priority:
              (body.priority as typeof workOrders.$inferInsert.priority) ?? issue.default_priority,
            reportedBy: actor.id,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning({ id: workOrders.id });
        if (!inserted) throw new Error('work_orders: insert returned no row');
        await writeAudit(tx, {
          entityType: WORK_ORDERS.name,
          entityId: inserted.id,
          action: 'create',
          changes: diffFields({}, body),
          userId: actor.id,
          ip: request.ip,
        });
        const change = await syncMachineStatus(tx, machineId, inserted.id, actor.id);
        return { row: await readOrFail(tx, binding, inserted.id), change };
      });
      await announce('created', result.row, result.change);
      return new Answer(result.row, 'created', 201);
    },
  });

  addRoute(app, {
    method: 'PUT',
    url: `${WORK_ORDERS.api}/:id`,
    response: entityRowSchema(WORK_ORDERS),
    access: { area: 'maintenance_admin' },
    summary:
      'Triage an unresolved work order (issue, priority, machine down, assignee); send the version you read',
    params: idParams,
    body: updateSchema(WORK_ORDERS),
    handler: async ({ params, body, user, request }) => {
      const actor = signedIn(user);
      const { version, ...fields } = body as Record<string, unknown> & { version: number };
      const result = await db.transaction(async (tx) => {
        await lockWorkOrder(tx, params.id);
        const before = rowOf(WORK_ORDERS, await readOrFail(tx, binding, params.id));
        await lockResources(tx, [machineKey(before.machine_id)]);
        if (before.version !== version) throw await staleVersion(tx, binding, params.id);
        if (before.status === 'completed' || before.status === 'rejected') {
          throw ruleError('status', `A ${before.status} work order cannot be edited`);
        }
        if (fields.machine_id !== undefined && Number(fields.machine_id) !== before.machine_id) {
          throw ruleError(
            'machine_id',
            'The machine of a work order cannot change: reject it and report another',
          );
        }
        if (fields.issue_detail_id !== undefined) await issueOf(tx, Number(fields.issue_detail_id));
        await checkAssignee(tx, fields.assigned_to);
        const updated = await tx
          .update(workOrders)
          .set({ ...toColumnValues(binding, fields), updatedBy: actor.id })
          .where(and(eq(workOrders.id, params.id), eq(workOrders.version, version)))
          .returning({ id: workOrders.id });
        if (updated.length !== 1) throw await staleVersion(tx, binding, params.id);
        await writeAudit(tx, {
          entityType: WORK_ORDERS.name,
          entityId: params.id,
          action: 'update',
          changes: diffFields(before, fields),
          userId: actor.id,
          ip: request.ip,
        });
        const change = await syncMachineStatus(tx, before.machine_id, params.id, actor.id);
        return { row: await readOrFail(tx, binding, params.id), change };
      });
      await announce('updated', result.row, result.change);
      return result.row;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: `${WORK_ORDERS.api}/:id/events/:event`,
    response: entityRowSchema(WORK_ORDERS),
    access,
    callers: { events: WORK_ORDER_EVENT_ROLES },
    summary:
      'Send a workflow event to a work order (approve, reject, start, hold, resume, complete, reopen); send the version you read',
    params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
    body: eventBody,
    handler: async ({ params, body, user }) => {
      const actor = signedIn(user);
      const { version, reason } = body;
      // The document bar sends its one text as `reason`; completing, that text is the resolution.
      const resolution = body.resolution ?? (params.event === 'complete' ? reason : undefined);
      const result = await db.transaction(async (tx) => {
        const { before, row } = await runEvent(
          tx,
          {
            binding,
            resources: ({ doc }) => [machineKey(rowOf(WORK_ORDERS, doc).machine_id)],
            decide: ({ doc }) => {
              const from = String(doc.status);
              if (!isWorkOrderEvent(params.event) || !isWorkOrderStatus(from)) {
                return {
                  kind: 'unmapped',
                  reason: `Transition ${from}→${params.event} not allowed`,
                };
              }
              return decisionOf(
                decideWorkOrder(from, {
                  type: `work_order.${params.event}`,
                  actor: { id: actor.id, roles: actor.roles },
                  reason: reason ?? null,
                  resolution: resolution ?? null,
                }),
              );
            },
            refusalFields: { hasResolution: 'resolution' },
            effect: () => ({
              set: effectOf(params.event, actor, params.id, reason, resolution),
              payload: params.event === 'complete' ? { resolution } : null,
            }),
          },
          {
            id: params.id,
            event: params.event,
            version,
            reason: reason ?? null,
            actor,
            input: { resolution },
          },
        );
        // The order's new status may take its machine down or bring it back up.
        const { machine_id: machineId } = rowOf(WORK_ORDERS, before);
        const change = await syncMachineStatus(tx, machineId, params.id, actor.id);
        return { row, change };
      });
      await announce('updated', result.row, result.change);
      return result.row;
    },
  });
  registerWorkOrderCommentRoutes(app, deps, binding);
}

/** The machine exists and can take a work order. */
async function checkMachine(tx: Tx, machineId: number): Promise<void> {
  const [machine] = await tx
    .select({ status: machines.status })
    .from(machines)
    .where(eq(machines.id, machineId));
  if (!machine) throw validationError({ machine_id: 'exists' });
  if (machine.status === 'retired')
    throw ruleError('machine_id', 'A retired machine takes no work orders');
}

/** An assignee is someone who works or triages work orders. */
async function checkAssignee(tx: Tx, userId: unknown): Promise<void> {
  if (userId === undefined || userId === null) return;
  const [found] = await queryRows<{ id: number }>(
    tx,
    sql`select id from users where id = ${Number(userId)} and ${isAssignee}`,
  );
  if (!found) throw ruleError('assigned_to', 'Assign an active technician or maintenance admin');
}

async function issueOf(tx: Tx, id: number) {
  const [issue] = await queryRows<{
    id: number;
    default_priority: 'low' | 'medium' | 'high' | 'critical';
  }>(tx, sql`select id::int as id, default_priority from issue_details where id = ${id}`);
  if (!issue) throw validationError({ issue_detail_id: 'exists' });
  return issue;
}

async function lockWorkOrder(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`select 1 from work_orders where id = ${id} for update`);
}

/** Since when a machine_down order's machine has been down: its opening, or its last reopening. */
const downSince = (id: number) => sql`coalesce(
  (select max(t.created_at) from status_transitions t
    where t.entity_type = ${WORK_ORDERS.name} and t.entity_id = ${id} and t.event = 'reopen'),
  ${workOrders.openedAt})`;

/** The columns an event writes beside the status. */
function effectOf(
  event: string,
  actor: SessionUser,
  id: number,
  reason: string | undefined,
  resolution: string | undefined,
): PgUpdateSetSource<typeof workOrders> {
  switch (event) {
    case 'start':
      return {
        startedAt: sql`coalesce(${workOrders.startedAt}, now())`,
        // A technician who starts an unassigned order takes it.
        ...(actor.roles.includes('automation_tech')
          ? { assignedTo: sql`coalesce(${workOrders.assignedTo}, ${actor.id})` }
          : {}),
      };
    case 'hold':
      return { holdReason: reason ?? null };
    case 'resume':
      return { holdReason: null };
    case 'complete':
      // Downtime counts only while the order kept its machine down, summed over reopenings.
      return {
        completedAt: sql`now()`,
        resolution: resolution ?? null,
        holdReason: null,
        downtimeMinutes: sql`case when ${workOrders.machineDown} then
          coalesce(${workOrders.downtimeMinutes}, 0)
          + greatest(0, round(extract(epoch from (now() - ${downSince(id)})) / 60))::int
          else ${workOrders.downtimeMinutes} end`,
      };
    case 'reopen':
      return { completedAt: null, resolution: null };
    default:
      return {};
  }
}
