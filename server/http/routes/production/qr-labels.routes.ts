import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  QR_CODE_PREFIX,
  QR_LABEL_ENTITY_TYPES,
  QR_MAX_COPIES,
  type QrLabel,
  type QrLabelEntityType,
} from '../../../../src/domain/qr-labels.ts';
import { QR_LABELS } from '../../../../src/domain/entities/production/production-transfers.entity.ts';
import type { AppDeps } from '../../../app-deps.ts';
import type { Tx } from '../../../db/client.ts';
import { carts, pails, skids } from '../../../db/schema/production-config.ts';
import { qrLabels } from '../../../db/schema/production-transfers.ts';
import { ruleError, validationError } from '../../../errors/api-error.ts';
import { registerEntityRoutes } from '../../entity/entity-routes.ts';
import { addRoute, Answer, signedIn } from '../../route.ts';
import { logComputed, logTable } from '../../entity/log-table.ts';

// Transfer QR code generation (docs/product.md §2 transfer_qr_code_generation;
// docs/domain/production.md §3.2 qr_labels): the QR roles pick carts, skids, pails or containers
// and a number of copies; the server answers each label's payload (the thing's code) and logs the
// generation, one qr_labels row per thing. The browser draws the codes and prints one label per
// copy.

const TABLES = { cart: carts, skid: skids, pail: pails } as const;

const generateBody = z.object({
  entity_type: z.enum(QR_LABEL_ENTITY_TYPES),
  entity_ids: z.array(z.coerce.number().int().positive()).max(100).default([]),
  /** Containers are typed by code until the lab module has their rows. */
  codes: z.array(z.string().trim().min(1).max(60)).max(100).default([]),
  copies: z.coerce.number().int().min(1).max(QR_MAX_COPIES),
});

async function labelsFor(
  tx: Tx,
  type: QrLabelEntityType,
  ids: readonly number[],
  codes: readonly string[],
): Promise<{ entityId: number | null; payload: string }[]> {
  if (ids.length + codes.length === 0) throw validationError({ entity_ids: 'required' });
  const prefix = QR_CODE_PREFIX[type];
  if (type === 'container') {
    const bad = codes.findIndex((c) => !c.startsWith(prefix));
    if (bad >= 0) throw ruleError(`codes.${bad}`, `The code starts with ${prefix}`);
    return [...new Set(codes)].map((payload) => ({ entityId: null, payload }));
  }
  if (codes.length > 0) throw ruleError('codes', `Choose the ${type}s by id`);
  const table = TABLES[type];
  const rows = await tx
    .select({ id: table.id, code: table.code })
    .from(table)
    .where(inArray(table.id, [...new Set(ids)]));
  const missing = ids.findIndex((id) => !rows.some((r) => r.id === id));
  if (missing >= 0) throw ruleError(`entity_ids.${missing}`, 'exists');
  // In the order they were picked: the sheet prints them so.
  return ids
    .filter((id, i) => ids.indexOf(id) === i)
    .map((id) => {
      const row = rows.find((r) => r.id === id);
      return { entityId: id, payload: row?.code ?? '' };
    });
}

export function registerQrLabelRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;
  registerEntityRoutes(app, deps, {
    entity: QR_LABELS,
    table: logTable(qrLabels),
    computed: logComputed(qrLabels),
  });

  addRoute(app, {
    method: 'POST',
    url: QR_LABELS.api,
    response: z.array(
      z.object({
        entity_type: z.enum(QR_LABEL_ENTITY_TYPES),
        entity_id: z.number().int().nullable(),
        payload: z.string(),
        copies: z.number().int(),
      }),
    ),
    access: { area: QR_LABELS.area },
    summary: 'Generate QR labels of carts, skids, pails or containers (logged), one per copy',
    body: generateBody,
    handler: async ({ body, user }) => {
      const actor = signedIn(user);
      const labels = await db.transaction(async (tx) => {
        const found = await labelsFor(tx, body.entity_type, body.entity_ids, body.codes);
        await tx.insert(qrLabels).values(
          found.map((label) => ({
            entityType: body.entity_type,
            entityId: label.entityId,
            payload: label.payload,
            copies: body.copies,
            createdBy: actor.id,
          })),
        );
        return found.map((label): QrLabel => ({
          entity_type: body.entity_type,
          entity_id: label.entityId,
          payload: label.payload,
          copies: body.copies,
        }));
      });
      return new Answer(labels, 'created', 201);
    },
  });
}
