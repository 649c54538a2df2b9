import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PRODUCT_CHANGES,
  productChangeRow,
  type ProductChangeRow,
} from '../../../../src/domain/entities/inventory/product-changes.entity.ts';
import type { ProductRow } from '../../../../src/domain/entities/inventory/products.entity.ts';
import type {
  CHANGE_SET_SOURCES,
  ProductChangeAction,
  ProductChangeStatus,
} from '../../../../src/domain/entities/inventory/inventory-values.ts';
import {
  decideProductChange,
  PRODUCT_CHANGE_EVENTS,
  type ProductChangeEventName,
} from '../../../../src/machines/workflows/product-change.machine.ts';
import type { Decision } from '../../../../src/machines/workflows/document-workflow.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import type { Tx } from '../../../db/client.ts';
import { nextNumber } from '../../../db/document-number.ts';
import { queryRows } from '../../../db/query-rows.ts';
import {
  productChangeRequests,
  productChangeSets,
  statusTransitions,
} from '../../../db/schema/inventory.ts';
import { ApiError, ruleError, validationError } from '../../../errors/api-error.ts';
import { readOrFail } from '../../entity/entity-routes.ts';
import { runEvent } from '../../entity/event-pipeline.ts';
import { productChangesBinding } from './product-changes.binding.ts';
import { applyProposal, lockProduct, parseProposal } from './product-writes.ts';
import { assertProductRules } from './products.binding.ts';

// Product change control (docs/domain/inventory.md §2, maker-checker). Inventory users propose;
// product approvers approve, reject or send back. Every transition runs through the one event
// pipeline: decided by the workflow machine and committed with its status_transitions row and,
// on approval, the product and its logs.

const ENTITY_TYPE = PRODUCT_CHANGES.name;

export const newChangeBody = z.strictObject({
  action: z.enum(['create', 'update', 'deactivate']),
  product_id: z.coerce.number().int().positive().nullish(),
  proposed: z.record(z.string(), z.unknown()).default({}),
  change_set_id: z.coerce.number().int().positive().optional(),
  title: z.string().trim().max(160).optional(),
  /** Submit at once instead of leaving a draft. */
  submit: z.boolean().optional(),
});

export type NewChange = z.infer<typeof newChangeBody>;

export const changeEventBody = z.strictObject({
  version: z.coerce.number().int().positive(),
  reason: z.string().trim().max(2000).nullish(),
  /** `revise` only: the corrected proposal. */
  proposed: z.record(z.string(), z.unknown()).optional(),
});

export type ChangeEventBody = z.infer<typeof changeEventBody>;

async function recordTransition(
  tx: Tx,
  entry: {
    id: number;
    from: ProductChangeStatus | null;
    to: ProductChangeStatus;
    event: string;
    reason?: string | null;
    payload?: Record<string, unknown>;
    actorId: number;
  },
): Promise<void> {
  await tx.insert(statusTransitions).values({
    entityType: ENTITY_TYPE,
    entityId: entry.id,
    fromStatus: entry.from,
    toStatus: entry.to,
    event: entry.event,
    reason: entry.reason ?? null,
    payload: entry.payload ?? null,
    createdBy: entry.actorId,
  });
}

export type ChangeOutcome = {
  request: ProductChangeRow;
  /** The product an approval wrote, and whether it was created. */
  product?: { row: ProductRow; created: boolean };
};

/**
 * Opens a change request (in a new change set unless one is given), as a draft or submitted.
 * A `create` names no product, except one reserved while it waits for this approval (status
 * pending_approval: an R&D promotion's new bulk liquid, which its draft recipe already uses).
 */
export async function createChangeRequest(
  tx: Tx,
  actor: SessionUser,
  input: NewChange,
  source: (typeof CHANGE_SET_SOURCES)[number] = 'manual',
): Promise<ChangeOutcome> {
  const productId = input.product_id ?? null;
  if (input.action !== 'create' && productId === null) {
    throw validationError({ product_id: 'required' });
  }
  const product = productId === null ? null : await lockProduct(tx, productId);
  if (input.action === 'create' && product !== null && product.status !== 'pending_approval') {
    throw ruleError('product_id', 'A new product has no id yet');
  }
  const proposed = parseProposal(input.action, input.proposed);
  const changeSetId =
    input.change_set_id ?? (await openChangeSet(tx, actor, input, product, source));
  const [inserted] = await tx
    .insert(productChangeRequests)
    .values({
      changeSetId,
      productId,
      action: input.action,
      proposed,
      baseVersion: product?.version ?? null,
      status: 'draft',
      requestedBy: actor.id,
      createdBy: actor.id,
      updatedBy: actor.id,
    })
    .returning({ id: productChangeRequests.id });
  if (!inserted) throw new Error('change request insert returned no row');
  await recordTransition(tx, {
    id: inserted.id,
    from: null,
    to: 'draft',
    event: 'create',
    actorId: actor.id,
  });
  const request = productChangeRow(await readOrFail(tx, productChangesBinding, inserted.id));
  if (!input.submit) return { request };
  return fireChangeEvent(tx, actor, inserted.id, 'submit', { version: request.version });
}

async function openChangeSet(
  tx: Tx,
  actor: SessionUser,
  input: NewChange,
  product: ProductRow | null,
  source: (typeof CHANGE_SET_SOURCES)[number],
): Promise<number> {
  const proposedSku = input.proposed.sku;
  const subject = product
    ? product.sku
    : typeof proposedSku === 'string'
      ? proposedSku
      : 'new product';
  const [set] = await tx
    .insert(productChangeSets)
    .values({
      number: await nextNumber(tx, 'product_change_set'),
      title: input.title ?? `${input.action[0]?.toUpperCase()}${input.action.slice(1)} ${subject}`,
      source,
      createdBy: actor.id,
      updatedBy: actor.id,
    })
    .returning({ id: productChangeSets.id });
  if (!set) throw new Error('change set insert returned no row');
  return set.id;
}

type RequestRow = {
  id: number;
  version: number;
  seq: number;
  status: ProductChangeStatus;
  action: ProductChangeAction;
  product_id: number | null;
  proposed: Record<string, unknown>;
  base_version: number | null;
  requested_by: number;
  promoted: boolean;
};

/** A request as its events read it: with whether an R&D promotion opened it. */
async function readRequest(tx: Tx, id: number): Promise<RequestRow> {
  const [row] = await queryRows<RequestRow>(
    tx,
    sql`select r.id, r.version, r.seq, r.status, r.action, r.product_id, r.proposed, r.base_version,
               r.requested_by, s.source = 'rd_promotion' as promoted
          from product_change_requests r join product_change_sets s on s.id = r.change_set_id
         where r.id = ${id}`,
  );
  if (!row) throw new ApiError('not_found');
  return {
    ...row,
    id: Number(row.id),
    seq: Number(row.seq),
    product_id: row.product_id === null ? null : Number(row.product_id),
    requested_by: Number(row.requested_by),
    promoted: Boolean(row.promoted),
  };
}

/** Who is asking (maker, approver, requester) rather than where the request stands: 403. */
const WHO_ASKS: ReadonlySet<string> = new Set([
  'isMaker',
  'isApprover',
  'isRequester',
  'isNotRequester',
]);

/** The machine's answer as the pipeline's decision. */
function changeDecision(
  decided: ReturnType<typeof decideProductChange>,
): Decision<ProductChangeStatus> {
  if (decided.ok) return { kind: 'ok', to: decided.to };
  if (!decided.check) return { kind: 'unmapped', reason: decided.reason };
  if (WHO_ASKS.has(decided.check)) return { kind: 'forbidden', reason: decided.reason };
  return { kind: 'refused', reason: decided.reason, check: decided.check };
}

/**
 * Sends one event to a request through the one event pipeline, in the caller's transaction.
 * The product it changes is locked after the request, and its version, read under that lock,
 * tells the machine whether an approval may apply the proposal or must send it back.
 */
export async function fireChangeEvent(
  tx: Tx,
  actor: SessionUser,
  id: number,
  name: ProductChangeEventName,
  body: ChangeEventBody,
): Promise<ChangeOutcome> {
  let product: ProductRow | null = null;
  const result = await runEvent<ProductChangeStatus, ChangeOutcome['product']>(
    tx,
    {
      binding: productChangesBinding,
      lockRecord: async (t, requestId) => {
        const [locked] = await t
          .select({ productId: productChangeRequests.productId })
          .from(productChangeRequests)
          .where(eq(productChangeRequests.id, requestId))
          .for('update');
        product = locked?.productId == null ? null : await lockProduct(t, locked.productId);
      },
      read: readRequest,
      decide: ({ doc }) => {
        const request = doc as RequestRow;
        return changeDecision(
          decideProductChange(request.status, {
            actor: { id: actor.id, roles: actor.roles },
            requestedBy: request.requested_by,
            promoted: request.promoted,
            type: PRODUCT_CHANGE_EVENTS[name],
            // The proposal's own rules are checked by the effect, naming its fields.
            proposalValid: true,
            baseVersionCurrent: product === null || product.version === request.base_version,
            reason: body.reason ?? null,
          }),
        );
      },
      effect: async ({ doc, to }) => {
        const request = doc as RequestRow;
        const proposed =
          name === 'revise' && body.proposed
            ? parseProposal(request.action, body.proposed)
            : request.proposed;
        if (name === 'submit') {
          // The proposal must make a valid product; the failing fields are named for the form.
          await assertProductRules(tx, { ...(product ?? {}), ...proposed }, product?.id ?? null);
        }
        let written: ChangeOutcome['product'];
        let note = body.reason ?? null;
        if (name === 'approve' && to === 'applied') {
          written = await applyProposal(tx, actor, request, product);
        } else if (name === 'approve') {
          note = `The product was changed since this request was made (version ${String(product?.version)}, request based on ${String(request.base_version)}); review the proposal again`;
        }
        const reviewing = ['approve', 'reject', 'request_changes'].includes(name);
        return {
          set: {
            proposed,
            productId: written?.row.id ?? request.product_id,
            // A revision is based on the product as it is now.
            ...(name === 'revise' && product ? { baseVersion: product.version } : {}),
            ...(reviewing
              ? { reviewNote: note, reviewedBy: actor.id, reviewedAt: new Date() }
              : {}),
          },
          reason: note,
          payload: written
            ? { product_id: written.row.id, product_version: written.row.version }
            : {},
          after: written,
        };
      },
      answer: (t, requestId) => readOrFail(t, productChangesBinding, requestId),
    },
    { id, event: name, version: body.version, reason: body.reason ?? null, actor, input: {} },
  );
  return {
    request: productChangeRow(result.row),
    ...(result.after ? { product: result.after } : {}),
  };
}
