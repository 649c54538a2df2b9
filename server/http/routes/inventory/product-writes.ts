import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createSchema } from '../../../../src/domain/entity/entity-declaration.ts';
import {
  PRODUCTS,
  productRow,
  type ProductRow,
} from '../../../../src/domain/entities/inventory/products.entity.ts';
import type { ProductChangeAction } from '../../../../src/domain/entities/inventory/inventory-values.ts';
import type { SessionUser } from '../../../auth/session-user.ts';
import { diffFields, writeAudit } from '../../../db/audit.ts';
import type { Tx } from '../../../db/client.ts';
import { products } from '../../../db/schema/inventory.ts';
import { ruleError, validationError } from '../../../errors/api-error.ts';
import { toColumnValues } from '../../entity/entity-binding.ts';
import { readOrFail, staleVersion } from '../../entity/entity-routes.ts';
import { issuesToCodes } from '../../zod-to-codes.ts';
import { assertProductRules, logProductChanges, productsBinding } from './products.binding.ts';

// Writing a product under change control: a proposal parsed as the product form sends it, an
// approved proposal applied, and an approver's direct edit, each with the product's rules,
// its version, a log row per field and the audit (docs/domain/inventory.md §2).

/** What an approved request brings to its product. */
export type ApprovedProposal = {
  id: number;
  action: ProductChangeAction;
  proposed: Record<string, unknown>;
  requested_by: number;
};

const newProductSchema = createSchema(PRODUCTS);
const productPatchSchema = createSchema(PRODUCTS).partial();
const deactivationSchema = z.strictObject({
  status: z.enum(['inactive', 'discontinued']).default('inactive'),
});

/** The proposal as the product form would send it, or 422 with `proposed.<field>` codes. */
export function parseProposal(
  action: ProductChangeAction,
  proposed: Record<string, unknown>,
): Record<string, unknown> {
  const schema =
    action === 'create'
      ? newProductSchema
      : action === 'update'
        ? productPatchSchema
        : deactivationSchema;
  const result = schema.safeParse(proposed, { reportInput: true });
  if (!result.success) {
    const codes = issuesToCodes(result.error.issues);
    throw validationError(
      Object.fromEntries(Object.entries(codes).map(([k, v]) => [`proposed.${k}`, v])),
    );
  }
  const parsed = result.data as Record<string, unknown>;
  // A new product is proposed to become active unless its maker says otherwise.
  if (action === 'create' && (parsed.status === undefined || parsed.status === null)) {
    return { ...parsed, status: 'active' };
  }
  if (action === 'update' && Object.keys(parsed).length === 0) {
    throw ruleError('proposed', 'Propose at least one change');
  }
  return parsed;
}

export async function lockProduct(tx: Tx, id: number): Promise<ProductRow> {
  await tx.execute(sql`select id from products where id = ${id} for update`);
  const row = await readOrFail(tx, productsBinding, id).catch(() => null);
  if (!row) throw validationError({ product_id: 'exists' });
  return productRow(row);
}

/** Writes the approved proposal to the product (version + 1) with a log row per field. */
export async function applyProposal(
  tx: Tx,
  approver: SessionUser,
  request: ApprovedProposal,
  product: ProductRow | null,
): Promise<{ row: ProductRow; created: boolean }> {
  const values =
    request.action === 'deactivate'
      ? { status: request.proposed.status ?? 'inactive' }
      : request.proposed;
  await assertProductRules(tx, { ...(product ?? {}), ...values }, product?.id ?? null);
  let productId: number;
  if (product === null) {
    const [inserted] = await tx
      .insert(products)
      .values({
        ...(toColumnValues(productsBinding, values) as typeof products.$inferInsert),
        createdBy: request.requested_by,
        updatedBy: approver.id,
      })
      .returning({ id: products.id });
    if (!inserted) throw new Error('product insert returned no row');
    productId = inserted.id;
  } else {
    productId = product.id;
    await tx
      .update(products)
      .set({ ...toColumnValues(productsBinding, values), updatedBy: approver.id })
      .where(and(eq(products.id, product.id), eq(products.version, product.version)));
  }
  await logProductChanges(tx, {
    productId,
    // A reserved new product is logged as created: every proposed field, from nothing.
    before: request.action === 'create' ? null : product,
    values,
    requestId: request.id,
    authorId: request.requested_by,
    approverId: approver.id,
  });
  await writeAudit(tx, {
    entityType: PRODUCTS.name,
    entityId: productId,
    action: product ? 'update' : 'create',
    changes: diffFields(product ?? {}, values),
    userId: approver.id,
  });
  const row = productRow(await readOrFail(tx, productsBinding, productId));
  return { row, created: product === null };
}

/**
 * An approver's direct edit of a product (docs/domain/inventory.md §2 decision): no request, but
 * the same rules, version check, field logs and audit as an approved change.
 */
export async function editProductDirectly(
  tx: Tx,
  actor: SessionUser,
  id: number,
  body: Record<string, unknown> & { version: number },
): Promise<ProductRow> {
  const { version, ...fields } = body;
  const product = await lockProduct(tx, id);
  if (product.version !== version) throw await staleVersion(tx, productsBinding, id);
  const values = parseProposal('update', fields);
  // The checker does not make changes of status alone: those are requests a maker opens.
  if (values.status !== undefined && values.status !== product.status) {
    throw ruleError('status', 'A status changes through a change request');
  }
  await assertProductRules(tx, { ...product, ...values }, id);
  await tx
    .update(products)
    .set({ ...toColumnValues(productsBinding, values), updatedBy: actor.id })
    .where(and(eq(products.id, id), eq(products.version, version)));
  await logProductChanges(tx, {
    productId: id,
    before: product,
    values,
    requestId: null,
    authorId: actor.id,
    approverId: actor.id,
  });
  await writeAudit(tx, {
    entityType: PRODUCTS.name,
    entityId: id,
    action: 'update',
    changes: diffFields(product, values),
    userId: actor.id,
  });
  return productRow(await readOrFail(tx, productsBinding, id));
}
