import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import { z } from 'zod';
import { createSchema } from '../../../src/domain/entity/entity-declaration.ts';
import { CARTS } from '../../../src/domain/entities/production/carts.entity.ts';
import { FLOW_ACTION_LINES, FLOWS } from '../../../src/domain/entities/production/flows.entity.ts';
import {
  MACHINES,
  STAMPING_MACHINES,
} from '../../../src/domain/entities/production/machines.entity.ts';
import { OPERATIONS } from '../../../src/domain/entities/production/operations.entity.ts';
import { PAILS } from '../../../src/domain/entities/production/pails.entity.ts';
import { PHASES } from '../../../src/domain/entities/production/phases.entity.ts';
import { SKIDS } from '../../../src/domain/entities/production/skids.entity.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { locations } from '../../db/schema/general.ts';
import {
  carts,
  flowActions,
  flows,
  machines,
  operations,
  pails,
  phases,
  skids,
} from '../../db/schema/production-config.ts';
import { ruleError, validationError } from '../../errors/api-error.ts';
import {
  qualified,
  refLabel,
  type EntityBinding,
  type WriteContext,
} from '../entity/entity-binding.ts';
import { registerEntityRoutes } from '../entity/entity-routes.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// Production configuration (docs/domain/production.md §3.1) on the generic entity routes: phases,
// operations, flows with their actions as lines, machines (and the stamper-only view of them),
// carts, skids and pails. Assembly's configuration is the same bindings scoped to its module.

// Unknown keys are dropped, so actions read back (with their id and labels) can be sent again.
const actionSchema = z.object(createSchema({ ...FLOWS, fields: FLOW_ACTION_LINES.fields }).shape);

type Action = {
  phase_id: number;
  operation_id?: number | null;
  is_optional?: boolean | null;
  requires_previous_done?: boolean | null;
};

/** The declarations of one module's configuration screens (Production's, or Assembly's views). */
export type ConfigEntities = {
  phases: EntityDeclaration;
  operations: EntityDeclaration;
  flows: EntityDeclaration;
  machines: EntityDeclaration;
  skids: EntityDeclaration;
};

/**
 * The bindings of a module's phases, operations, flows, machines and skids. With `module`
 * (Assembly: docs/domain/assembly.md §4 decision) every read is scoped to that module's rows and
 * every write made in it, whatever the body says; without, the screens show every module
 * (Production's).
 */
export function configBindings(entities: ConfigEntities, module?: 'assembly'): EntityBinding[] {
  const scoped = (binding: EntityBinding & { table: { module: AnyPgColumn } }): EntityBinding => {
    if (!module) return binding;
    const inner = binding.hooks?.beforeWrite;
    return {
      ...binding,
      where: eq(binding.table.module, module),
      hooks: {
        ...binding.hooks,
        beforeWrite: async (ctx) => {
          const extra = await inner?.({ ...ctx, values: { ...ctx.values, module } });
          return { ...(extra ?? {}), module };
        },
      },
    };
  };
  const machineLabels = { location_name: refLabel(machines.locationId, locations) };
  return [
    scoped({ entity: entities.phases, table: phases }),
    scoped({
      entity: entities.operations,
      table: operations,
      computed: { phase_name: refLabel(operations.phaseId, phases) },
      hooks: { beforeWrite: checkOperationPhase },
    }),
    scoped({
      entity: entities.flows,
      table: flows,
      computed: {
        action_count:
          sql<number>`(select count(*) from flow_actions a where a.flow_id = ${qualified(flows.id)})`.mapWith(
            Number,
          ),
      },
      extraBody: { actions: z.array(actionSchema).max(100).optional() },
      hooks: {
        beforeWrite: async ({ tx, values, before }) => {
          if (values.actions === undefined) return;
          const module = (values.module ?? before?.module ?? 'production') as string;
          await checkActions(tx, module, values.actions as Action[]);
        },
        afterWrite: async ({ tx, actor, values, after }) => {
          if (values.actions === undefined) return;
          await replaceActions(tx, after.id, values.actions as Action[], actor.id);
        },
      },
      // The count is read again here: on a save the row was read before its actions were written.
      readExtra: async (db, row) => {
        const actions = await readActions(db, row);
        return { actions, action_count: actions.length };
      },
    }),
    scoped({ entity: entities.machines, table: machines, computed: machineLabels }),
    scoped({
      entity: entities.skids,
      table: skids,
      computed: { location_name: refLabel(skids.locationId, locations) },
      hooks: { beforeWrite: codePrefix('SK-') },
    }),
  ];
}

export function registerProductionConfigRoutes(app: FastifyInstance, deps: AppDeps): void {
  const bindings = configBindings({
    phases: PHASES,
    operations: OPERATIONS,
    flows: FLOWS,
    machines: MACHINES,
    skids: SKIDS,
  });
  for (const binding of bindings) registerEntityRoutes(app, deps, binding);
  registerEntityRoutes(app, deps, {
    entity: STAMPING_MACHINES,
    table: machines,
    computed: { location_name: refLabel(machines.locationId, locations) },
    where: eq(machines.kind, 'stamper'),
    // A create that leaves the kind out still makes a stamper (the declaration allows no other).
    hooks: { beforeWrite: async ({ before }) => (before ? undefined : { kind: 'stamper' }) },
  });
  registerEntityRoutes(app, deps, {
    entity: CARTS,
    table: carts,
    hooks: { beforeWrite: codePrefix('CA-') },
  });
  registerEntityRoutes(app, deps, {
    entity: PAILS,
    table: pails,
    hooks: {
      beforeWrite: async (ctx) => {
        await codePrefix('PA-')(ctx);
        const { values, before } = ctx;
        const volume = Number(values.volume_ml ?? before?.volume_ml ?? 0);
        const capacity = Number(values.capacity_ml ?? before?.capacity_ml);
        if (volume > capacity) throw ruleError('volume_ml', 'The volume exceeds the capacity');
      },
    },
  });
}

/** Carts, skids and pails are scanned by their code, which says what it is (CA-, SK-, PA-). */
function codePrefix(prefix: string) {
  return async ({ values }: WriteContext): Promise<void> => {
    const code = values.code;
    if (typeof code === 'string' && !code.startsWith(prefix)) {
      throw ruleError('code', `The code starts with ${prefix}`);
    }
  };
}

/** An operation belongs to a phase of its own module. */
async function checkOperationPhase({ tx, values, before }: WriteContext): Promise<void> {
  if (values.phase_id === undefined && values.module === undefined) return;
  const phaseId = Number(values.phase_id ?? before?.phase_id);
  const module = (values.module ?? before?.module ?? 'production') as string;
  const [phase] = await queryRows<{ module: string }>(
    tx,
    sql`select module from phases where id = ${phaseId}`,
  );
  // A missing phase is the foreign key's refusal (`exists`).
  if (phase && phase.module !== module) {
    throw ruleError('phase_id', `Choose a phase of the ${module} module`);
  }
}

/** Each action's phase, and its operation if any, belong to the flow's module and agree. */
async function checkActions(tx: Tx, module: string, actions: Action[]): Promise<void> {
  const phaseIds = actions.map((a) => a.phase_id);
  const operationIds = actions.flatMap((a) => (a.operation_id ? [a.operation_id] : []));
  const phaseRows = await queryRows<{ id: number; module: string }>(
    tx,
    sql`select id::int as id, module from phases
         where id in (${sql.join(
           [0, ...phaseIds].map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const operationRows = await queryRows<{ id: number; phase_id: number }>(
    tx,
    sql`select id::int as id, phase_id::int as phase_id from operations
         where id in (${sql.join(
           [0, ...operationIds].map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const phaseModule = new Map(phaseRows.map((p) => [p.id, p.module]));
  const operationPhase = new Map(operationRows.map((o) => [o.id, o.phase_id]));
  actions.forEach((action, i) => {
    const ofPhase = phaseModule.get(action.phase_id);
    if (ofPhase === undefined) throw validationError({ [`actions.${i}.phase_id`]: 'exists' });
    if (ofPhase !== module) {
      throw ruleError(`actions.${i}.phase_id`, `Choose a phase of the ${module} module`);
    }
    if (!action.operation_id) return;
    const phaseOf = operationPhase.get(action.operation_id);
    if (phaseOf === undefined) throw validationError({ [`actions.${i}.operation_id`]: 'exists' });
    if (phaseOf !== action.phase_id) {
      throw ruleError(`actions.${i}.operation_id`, 'The operation belongs to another phase');
    }
  });
}

async function replaceActions(tx: Tx, flowId: number, actions: Action[], userId: number) {
  await tx.delete(flowActions).where(eq(flowActions.flowId, flowId));
  if (actions.length === 0) return;
  await tx.insert(flowActions).values(
    actions.map((action, i) => ({
      flowId,
      step: i + 1,
      phaseId: action.phase_id,
      operationId: action.operation_id ?? null,
      isOptional: action.is_optional ?? false,
      requiresPreviousDone: action.requires_previous_done ?? true,
      createdBy: userId,
      updatedBy: userId,
    })),
  );
}

async function readActions(db: Db | Tx, row: EntityRow) {
  return db
    .select({
      id: flowActions.id,
      step: flowActions.step,
      phase_id: flowActions.phaseId,
      phase_name: phases.name,
      operation_id: flowActions.operationId,
      operation_name: operations.name,
      is_optional: flowActions.isOptional,
      requires_previous_done: flowActions.requiresPreviousDone,
    })
    .from(flowActions)
    .innerJoin(phases, eq(phases.id, flowActions.phaseId))
    .leftJoin(operations, eq(operations.id, flowActions.operationId))
    .where(eq(flowActions.flowId, row.id))
    .orderBy(asc(flowActions.step));
}
