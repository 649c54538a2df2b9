import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type {
  Letterhead,
  PrintSupplier,
} from '../../../../src/domain/entities/purchase/purchase-order-print.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { settings } from '../../../db/schema/general.ts';
import { suppliers } from '../../../db/schema/purchase.ts';
import { addRoute } from '../../route.ts';
import { idParams } from '../common-fields.ts';
import { readDocument, type ResolvedDocument } from '../stock/document-spec.ts';

// The printable order: the buyer reads the company's letterhead here without reading the
// Administration settings themselves (admin only).

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export function registerPurchasePrintRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  orders: ResolvedDocument,
): void {
  const { db } = deps.database;
  addRoute(app, {
    method: 'GET',
    url: `${orders.binding.entity.api}/:id/print`,
    access: { area: 'purchase' },
    summary: 'A purchase order as printed: the order, its supplier and the company letterhead',
    params: idParams,
    handler: async ({ params }) => {
      const order: Record<string, unknown> & { id: number } = await readDocument(
        db,
        orders,
        params.id,
      );
      const [supplier] = await db
        .select({
          code: suppliers.code,
          name: suppliers.name,
          email: suppliers.email,
          phone: suppliers.phone,
          tax_number: suppliers.taxNumber,
          payment_terms_days: suppliers.paymentTermsDays,
        })
        .from(suppliers)
        .where(eq(suppliers.id, Number(order.supplier_id)));
      const [setting] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, 'general.company'));
      const value = (setting?.value ?? {}) as Record<string, unknown>;
      const company: Letterhead = {
        name: text(value.name) ?? 'Plantline',
        address: text(value.address),
        phone: text(value.phone),
        business_number: text(value.business_number),
      };
      return { order, supplier: supplier as PrintSupplier, company };
    },
  });
}
