import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  letterheadSchema,
  printPlaceSchema,
  printSupplierSchema,
  type PrintedOrder,
  type PrintPlace,
  type PrintSupplier,
  type PurchaseOrderPrint,
} from '../../../../src/domain/entities/purchase/purchase-order-print.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Db } from '../../../db/client.ts';
import { readLetterhead } from '../../../db/company-letterhead.ts';
import { countries, locations, provinces } from '../../../db/schema/general.ts';
import { suppliers } from '../../../db/schema/purchase.ts';
import { addRoute } from '../../route.ts';
import { idParams } from '../common-fields.ts';
import { printedOrderSchema, readPrintedOrder } from '../../../purchase-pdf/printed-order.ts';
import type { ResolvedDocument } from '../../entity/document-spec.ts';

// The printable order: the buyer reads the company's letterhead here without reading the
// Administration settings themselves (admin only). The PDF (purchase-pdf.routes.ts) prints
// the same reading.

/** The order with its lines, its supplier, where it ships and the company's letterhead. */
export async function readOrderPrint(
  db: Db,
  orders: ResolvedDocument,
  id: number,
): Promise<PurchaseOrderPrint<PrintedOrder>> {
  const order = await readPrintedOrder(db, orders, id);
  const [supplier] = await db
    .select({
      code: suppliers.code,
      name: suppliers.name,
      email: suppliers.email,
      phone: suppliers.phone,
      tax_number: suppliers.taxNumber,
      payment_terms_days: suppliers.paymentTermsDays,
      street: suppliers.street,
      city: suppliers.city,
      province_code: provinces.code,
      postal_code: suppliers.postalCode,
      country_name: countries.name,
    })
    .from(suppliers)
    .leftJoin(provinces, eq(provinces.id, suppliers.provinceId))
    .leftJoin(countries, eq(countries.id, suppliers.countryId))
    .where(eq(suppliers.id, order.supplier_id));
  const [place] = await db
    .select({ name: locations.name, address: locations.address })
    .from(locations)
    .where(eq(locations.id, order.ship_to_location_id));
  const company = await readLetterhead(db);
  const shipTo: PrintPlace = { name: place?.name ?? '', address: place?.address ?? null };
  return { order, supplier: supplier as PrintSupplier, company, ship_to: shipTo };
}

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
    response: z.object({
      order: printedOrderSchema(orders),
      supplier: printSupplierSchema,
      company: letterheadSchema,
      ship_to: printPlaceSchema,
    }),
    handler: async ({ params }) => readOrderPrint(db, orders, params.id),
  });
}
