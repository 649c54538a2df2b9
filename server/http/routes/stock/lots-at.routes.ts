import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { lotChoiceSchema, LOTS_AT_API } from '../../../../src/domain/entities/stock/lot-choice.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { lotsAt } from '../../../db/stock/lots-at.ts';
import { addRoute } from '../../route.ts';

// The lot picker's choices: a product's lots on hand at a location, FEFO (lots-at.ts). Open
// to those who write stock documents' lines on the floor (inventory, warehouse).

export function registerLotsAtRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, {
    method: 'GET',
    url: LOTS_AT_API,
    access: { area: 'stock_floor' },
    summary: "A product's lots on hand at a location, first to expire first, with availability",
    query: z.object({
      product_id: z.coerce.number().int().positive(),
      location_id: z.coerce.number().int().positive(),
    }),
    response: z.array(lotChoiceSchema),
    handler: async ({ query }) => lotsAt(deps.database.db, query.product_id, query.location_id),
  });
}
