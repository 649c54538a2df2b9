import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  EXPORT_FORMATS,
  STAMP_RECONCILIATION_API,
  monthParams,
  reconciliationBodySchema,
  stampReconciliationSchema,
  type ReconciliationBody,
} from '../../../../src/domain/entities/production/stamp-reconciliation.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { readLetterhead } from '../../../db/company-letterhead.ts';
import {
  readReconciliation,
  saveReconciliation,
} from '../../../db/stamp-reels/reconciliation-month.ts';
import { renderPdf } from '../../../pdf-render/render-pdf.ts';
import {
  reconciliationCsv,
  reconciliationXlsx,
} from '../../../stamp-reconciliation/reconciliation-files.ts';
import { reconciliationFileName } from '../../../stamp-reconciliation/reconciliation-table.ts';
import { EXPORT_MEDIA_TYPES } from '../../entity/entity-export.ts';
import { addRoute, signedIn } from '../../route.ts';
import { sendFile } from '../../file-reply.ts';

// The monthly stamp reconciliation (docs/domain/production.md "Monthly stamp reconciliation"):
// read a month (figures derived from the reel ledger beside the counts and reasons), save its
// counts, close it, and export it as CSV, XLSX or PDF. Every write sends the month's version; a
// closed month refuses them all. After commit the change is announced on the reels' channel,
// so a second viewer of the month reads it again.

const access = { area: 'production_stamp_reconciliation' } as const;
const CHANNEL = 'private-production.reels';
export const RECONCILIATION_EVENT = 'stamp_reconciliation.updated';

const MEDIA = {
  csv: EXPORT_MEDIA_TYPES[0],
  xlsx: EXPORT_MEDIA_TYPES[1],
  pdf: 'application/pdf',
} as const;

export function registerStampReconciliationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  const write = async (month: string, body: ReconciliationBody, userId: number, close: boolean) => {
    const version = await db.transaction((tx) =>
      saveReconciliation(tx, month, body, userId, close),
    );
    const reading = await readReconciliation(db, month);
    await deps.realtime.publisher.publish({
      channels: [CHANNEL],
      event: RECONCILIATION_EVENT,
      data: { month, version, status: reading.status },
    });
    return reading;
  };

  addRoute(app, {
    method: 'GET',
    url: `${STAMP_RECONCILIATION_API}/:month`,
    access,
    summary:
      "A month's stamp figures per jurisdiction from the reel ledger, with counts and reasons",
    params: monthParams,
    response: stampReconciliationSchema,
    handler: ({ params }) => readReconciliation(db, params.month),
  });

  addRoute(app, {
    method: 'PUT',
    url: `${STAMP_RECONCILIATION_API}/:month`,
    access,
    summary: "Saves a month's counted stamps and reasons (refused once the month is closed)",
    params: monthParams,
    body: reconciliationBodySchema,
    response: stampReconciliationSchema,
    handler: ({ params, body, user }) => write(params.month, body, signedIn(user).id, false),
  });

  addRoute(app, {
    method: 'POST',
    url: `${STAMP_RECONCILIATION_API}/:month/close`,
    access,
    summary: 'Saves the counts given and closes the month: a reason for every difference first',
    params: monthParams,
    body: reconciliationBodySchema,
    response: stampReconciliationSchema,
    handler: ({ params, body, user }) => write(params.month, body, signedIn(user).id, true),
  });

  addRoute(app, {
    method: 'GET',
    url: `${STAMP_RECONCILIATION_API}/:month/export`,
    access,
    summary: "The month's reconciliation as CSV, XLSX or a PDF on the letterhead",
    params: monthParams,
    query: z.object({ format: z.enum(EXPORT_FORMATS).default('pdf') }),
    replyType: Object.values(MEDIA),
    handler: async ({ params, query, reply }) => {
      const reading = await readReconciliation(db, params.month);
      const body =
        query.format === 'csv'
          ? reconciliationCsv(reading)
          : query.format === 'xlsx'
            ? await reconciliationXlsx(reading)
            : await renderPdf('stamp-reconciliation', {
                reading,
                company: await readLetterhead(db),
              });
      return sendFile(reply, {
        body,
        type: MEDIA[query.format],
        fileName: reconciliationFileName(params.month, query.format),
      });
    },
  });
}
