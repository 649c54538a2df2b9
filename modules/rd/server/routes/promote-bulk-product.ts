import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../../../server/auth/session-user.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { measures, products } from '../../../../server/db/schema/inventory.ts';
import { rdProjects } from '../db/rd.schema.ts';
import { ApiError, validationError } from '../../../../server/errors/api-error.ts';
import { toColumnValues } from '../../../../server/http/entity/entity-binding.ts';
import { readOrFail } from '../../../../server/http/entity/entity-routes.ts';
import {
  createChangeRequest,
  type ChangeOutcome,
} from '../../../../server/http/routes/inventory/product-changes.commands.ts';
import {
  assertProductRules,
  productsBinding,
} from '../../../../server/http/routes/inventory/products.binding.ts';
import type { readSpecifications } from './rd-samples.binding.ts';
import { productRow } from '../../../../src/domain/entities/inventory/products.entity.ts';
import type { RdPromotableSampleRow } from '../../shared/entities/rd-promotion.entity.ts';

// A promotion's new bulk liquid (docs/domain/rd.md §7 "bulk product via a product change request").
//
// Decision: the product is reserved at once, in status pending_approval, and the draft recipe
// uses it, so the recipe is a whole recipe from its first day (recipes.product_id stays
// required, the recipe pages and production read it as any other). Beside it, in the same
// transaction, a `create` product change request proposes the product as active, authored by
// the promoter and submitted for product_approval_admin. Its change set's source is
// rd_promotion: that is what lets its author (a recipe change role, not an inventory user)
// submit, revise and withdraw it, and only it; the author never approves it (maker-checker).
// Approving the request writes the proposal onto the reserved product, which becomes active;
// until then recipe approval refuses the recipe (recipe.machine.ts). A rejected or withdrawn
// request leaves the product pending, so the recipe cannot be approved with it.

export type NewBulkProduct = {
  sku: string;
  name?: string | null | undefined;
  flashpoint_class_id?: number | null | undefined;
};

type Specifications = Awaited<ReturnType<typeof readSpecifications>>;

/** The product's fields from the sample, its specifications and its project. */
async function proposalOf(
  tx: Tx,
  sample: RdPromotableSampleRow,
  spec: Specifications,
  input: NewBulkProduct,
): Promise<Record<string, unknown>> {
  const [project] = await tx
    .select({ title: rdProjects.title, brandId: rdProjects.brandId })
    .from(rdProjects)
    .where(eq(rdProjects.id, sample.rd_project_id ?? 0));
  // Bulk liquids are made and counted by volume, in the recipes' own unit.
  const [ml] = await tx.select({ id: measures.id }).from(measures).where(eq(measures.code, 'ml'));
  const nicotine = spec?.nicotine_mg ?? 0;
  const proposal: Record<string, unknown> = {
    sku: input.sku,
    name: input.name ?? `${project?.title ?? sample.number ?? ''} ${nicotine} mg bulk`,
    type: 'bulk_liquid',
    measure_id: ml?.id ?? null,
    brand_id: project?.brandId ?? null,
    nicotine_mg: nicotine,
    nicotine_type: nicotine > 0 ? (spec?.nicotine_type ?? 'freebase') : 'none',
    vg_pct: spec?.vg_pct ?? null,
    hplc_category_id: spec?.hplc_category_id ?? null,
    flashpoint_class_id: input.flashpoint_class_id ?? null,
    shelf_life_days: spec?.shelf_life_days ?? null,
  };
  return Object.fromEntries(Object.entries(proposal).filter(([, v]) => v !== null));
}

/**
 * Reserves the promotion's bulk liquid (pending_approval) and opens its submitted change
 * request, in the caller's transaction. Field problems come back as `new_product.<field>`.
 */
export async function reserveBulkProduct(
  tx: Tx,
  actor: SessionUser,
  sample: RdPromotableSampleRow,
  spec: Specifications,
  input: NewBulkProduct,
): Promise<{ productId: number; change: ChangeOutcome }> {
  const proposal = await proposalOf(tx, sample, spec, input);
  const reserved = { ...proposal, status: 'pending_approval' };
  try {
    await assertProductRules(tx, reserved, null);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'validation_error') throw error;
    const fields = Object.entries((error.data ?? {}) as Record<string, string>);
    throw validationError(Object.fromEntries(fields.map(([k, v]) => [`new_product.${k}`, v])));
  }
  const [inserted] = await tx
    .insert(products)
    .values({
      ...(toColumnValues(productsBinding, reserved) as typeof products.$inferInsert),
      createdBy: actor.id,
      updatedBy: actor.id,
    })
    .returning({ id: products.id });
  if (!inserted) throw new Error('products: insert returned no row');
  const change = await createChangeRequest(
    tx,
    actor,
    {
      action: 'create',
      product_id: inserted.id,
      proposed: { ...proposal, status: 'active' },
      title: `New bulk liquid ${input.sku} for R&D sample ${sample.number ?? ''}`,
      submit: true,
    },
    'rd_promotion',
  );
  // The reserved product is new to the product lists too.
  const row = productRow(await readOrFail(tx, productsBinding, inserted.id));
  return { productId: inserted.id, change: { ...change, product: { row, created: true } } };
}
