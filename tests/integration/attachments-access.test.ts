import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttachmentMeta } from '../../src/domain/attachments/attachment-rules.ts';
import { LAB_RECEIVINGS } from '../../modules/lab/shared/entities/lab-receivings.entity.ts';
import { PM_TASK_ITEM_RECORDS } from '../../modules/projects/shared/entities/pm-task-item-records.entity.ts';
import { recordFilesApi } from '../../modules/projects/shared/entities/record-files.ts';
import { PURCHASE_INVOICES } from '../../src/domain/entities/purchase/purchase-invoices.entity.ts';
import { invoiceFilesApi } from '../../src/domain/entities/purchase/invoice-files.ts';
import { TRAINING_DOCUMENTS } from '../../modules/training/shared/entities/training-documents.entity.ts';
import { MY_TRAININGS } from '../../modules/training/shared/entities/trainings.entity.ts';
import { ROLES, type Role } from '../../src/domain/roles.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { labReceivingItems } from '../../modules/lab/server/db/lab-receiving.schema.ts';
import { pmTaskItemRecordAttachments } from '../../modules/projects/server/db/projects.schema.ts';
import { purchaseInvoiceAttachments } from '../../server/db/schema/purchase-invoices.ts';
import { trainingDocuments } from '../../modules/training/server/db/training.schema.ts';
import { tokenFor } from '../support/api-client.ts';
import { downloadAttachment, uploaded } from '../support/attachment-client.ts';
import { entityClient, type EntityApiClient, type List, type Row } from '../support/entity-crud.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// Who reads which attached file, walked for every role (each demo user is named after its role)
// and every kind of document that holds files. The expectation is the API's own answer: a role
// reads a file exactly when it reads a document holding it (GET of that document; a trainee,
// their own training of it), or uploaded it. A file no document holds is its uploader's and
// admin's. The reader sets are also written out, so a wrong rule cannot hide behind the walk.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n% attached file\n%%EOF\n');

type Kind = {
  name: string;
  file: AttachmentMeta;
  uploader: Role;
  /** Whether `role` reads a document holding the file, as the API answers it. */
  readsDocument: (role: Role) => Promise<boolean>;
};

describe('attachment readers, role by role and file by file', () => {
  let t: TestServer;
  const clients = new Map<string, EntityApiClient>();
  const api = async (user: string) => {
    if (!clients.has(user)) clients.set(user, entityClient(t.url, await tokenFor(t.url, user)));
    return clients.get(user)!;
  };
  const kinds: Kind[] = [];
  const kind = (name: string) => kinds.find((k) => k.name === name)!;
  const userId = async (role: string) =>
    (
      await queryRows<{ id: number }>(
        t.server.database.db,
        sql`select id::int as id from users where username = ${role}`,
      )
    )[0]!.id;
  const readsRow = async (role: Role, path: string) =>
    (await (await api(role)).get(path)).httpStatus === 200;

  beforeAll(async () => {
    t = await startTestServer();
    for (const role of ROLES) await api(role);
    const db = t.server.database.db;
    const upload = async (role: Role, name: string) =>
      uploaded(t.url, (await api(role)).token, PDF, name);
    const first = async (query: ReturnType<typeof sql>) =>
      (await queryRows<{ id: number }>(db, query))[0]!.id;

    // A supplier invoice's scan, linked as the attach route links it.
    const invoiceId = await first(
      sql`select id::int as id from purchase_invoices order by id limit 1`,
    );
    const invoiceFile = await upload('purchase', 'invoice.pdf');
    await db.insert(purchaseInvoiceAttachments).values({
      purchaseInvoiceId: invoiceId,
      attachmentId: invoiceFile.id,
      createdBy: await userId('purchase'),
    });
    kinds.push({
      name: 'purchase invoice',
      file: invoiceFile,
      uploader: 'purchase',
      readsDocument: (role) => readsRow(role, `${PURCHASE_INVOICES.api}/${invoiceId}`),
    });

    const recordId = await first(
      sql`select id::int as id from pm_task_item_records order by id limit 1`,
    );
    const recordFile = await upload('manager', 'timesheet.pdf');
    await db.insert(pmTaskItemRecordAttachments).values({
      pmTaskItemRecordId: recordId,
      attachmentId: recordFile.id,
      createdBy: await userId('manager'),
    });
    kinds.push({
      name: 'time record',
      file: recordFile,
      uploader: 'manager',
      readsDocument: (role) => readsRow(role, `${PM_TASK_ITEM_RECORDS.api}/${recordId}`),
    });

    const [item] = await queryRows<{ id: number; receiving: number }>(
      db,
      sql`select id::int as id, lab_receiving_id::int as receiving from lab_receiving_items
        order by id limit 1`,
    );
    const coa = await upload('warehouse', 'coa.pdf');
    await db
      .update(labReceivingItems)
      .set({ coaAttachmentId: coa.id })
      .where(eq(labReceivingItems.id, item!.id));
    kinds.push({
      name: 'lab receiving CoA',
      file: coa,
      uploader: 'warehouse',
      readsDocument: (role) => readsRow(role, `${LAB_RECEIVINGS.api}/${item!.receiving}`),
    });

    // Training revisions: one in force, which its trainees read through their own trainings,
    // one approved but not yet in force, and a draft written through the API.
    const readsTrainingDocument = async (role: Role, documentId: number) => {
      if (await readsRow(role, `${TRAINING_DOCUMENTS.api}/${documentId}`)) return true;
      const mine = await (await api(role)).get<List>(MY_TRAININGS.api, { per_page: 500 });
      return (
        mine.httpStatus === 200 && mine.data.rows.some((r) => r.training_document_id === documentId)
      );
    };
    for (const [name, code, status] of [
      ['training document in force', 'SAF-001', 'effective'],
      ['training document approved, not in force', 'SOP-BAT-002', 'approved'],
    ] as const) {
      const documentId = await first(
        sql`select id::int as id from training_documents where code = ${code} and status = ${status}`,
      );
      const file = await upload('training_supervisor', `${code}.pdf`);
      await db
        .update(trainingDocuments)
        .set({ attachmentId: file.id })
        .where(eq(trainingDocuments.id, documentId));
      kinds.push({
        name,
        file,
        uploader: 'training_supervisor',
        readsDocument: (role) => readsTrainingDocument(role, documentId),
      });
    }
    const draftFile = await upload('qa_manager', 'draft.pdf');
    const draft = await (
      await api('qa_manager')
    ).create(TRAINING_DOCUMENTS, {
      code: 'SOP-ACCESS-1',
      revision: 1,
      title: 'A draft with its file',
      attachment_id: draftFile.id,
    });
    expect(draft.status).toBe('draft');
    kinds.push({
      name: 'training document draft',
      file: draftFile,
      uploader: 'qa_manager',
      readsDocument: (role) => readsTrainingDocument(role, draft.id),
    });

    kinds.push({
      name: 'unlinked upload',
      file: await upload('warehouse', 'not attached yet.pdf'),
      uploader: 'warehouse',
      readsDocument: async (role) => role === 'admin',
    });
  }, 240_000);
  afterAll(async () => t.close());

  /** The roles that download the file of `kind`. */
  async function readersOf(k: Kind): Promise<Role[]> {
    const readers: Role[] = [];
    for (const role of ROLES) {
      const response = await downloadAttachment(t.url, (await api(role)).token, k.file.token);
      expect([200, 403], `${k.name} as ${role}`).toContain(response.status);
      if (response.status === 200) readers.push(role);
    }
    return readers;
  }

  it('lets every role read a file exactly when it reads a document holding it, or uploaded it', async () => {
    const wrong: string[] = [];
    for (const k of kinds) {
      const readers = new Set(await readersOf(k));
      for (const role of ROLES) {
        const expected = role === k.uploader || (await k.readsDocument(role));
        if (readers.has(role) !== expected) {
          wrong.push(`${k.name} as ${role}: ${readers.has(role) ? 'read' : 'refused'}`);
        }
        // The metadata follows the same rule as the bytes.
        const meta = await (await api(role)).get(`/api/attachments/${k.file.token}`);
        expect(meta.httpStatus, `${k.name} metadata as ${role}`).toBe(expected ? 200 : 403);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps each kind of file to its own module’s readers', async () => {
    const sorted = async (name: string) => (await readersOf(kind(name))).sort();
    expect(await sorted('purchase invoice')).toEqual(['admin', 'purchase']);
    expect(await sorted('time record')).toEqual(['admin', 'director', 'manager']);
    expect(await sorted('lab receiving CoA')).toEqual(['admin', 'supervisor', 'warehouse']);
    // Drafts and revisions not yet in force: the trainer page's roles only, never a trainee.
    const trainerPage = ['admin', 'manager', 'qa_manager', 'trainer', 'training_supervisor'];
    expect(await sorted('training document draft')).toEqual(trainerPage);
    expect(await sorted('training document approved, not in force')).toEqual(trainerPage);
    // A revision in force: those roles and the trainees who hold a training of it.
    const inForce = await sorted('training document in force');
    expect(inForce).toEqual(
      expect.arrayContaining([...trainerPage, 'bottler', 'labeler', 'batcher']),
    );
    expect(inForce).not.toContain('warehouse');
    expect(await sorted('unlinked upload')).toEqual(['admin', 'warehouse']);
  });

  it('lets no guessed serial id link a file the actor may not read', async () => {
    const manager = await api('manager');
    const recordId = Number(
      (
        await queryRows<{ id: number }>(
          t.server.database.db,
          sql`select r.id::int as id from pm_task_item_records r
            join pm_task_items i on i.id = r.task_item_id join pm_tasks k on k.id = i.task_id
            join pm_projects p on p.id = k.project_id
            where p.status not in ('completed', 'cancelled') order by r.id limit 1`,
        )
      )[0]!.id,
    );
    const record = (await manager.get<Row>(`${PM_TASK_ITEM_RECORDS.api}/${recordId}`)).data;
    for (const k of ['purchase invoice', 'lab receiving CoA', 'unlinked upload']) {
      const linked = await manager.send('POST', recordFilesApi(recordId), {
        version: record.version,
        attachment_id: kind(k).file.id,
      });
      expect([linked.httpStatus, linked.data], k).toEqual([422, { attachment_id: 'exists' }]);
    }
    const invoiceId = Number(
      (
        await queryRows<{ id: number }>(
          t.server.database.db,
          sql`select id::int as id from purchase_invoices where status = 'draft' order by id limit 1`,
        )
      )[0]!.id,
    );
    const purchase = await api('purchase');
    const invoice = (await purchase.get<Row>(`${PURCHASE_INVOICES.api}/${invoiceId}`)).data;
    const onInvoice = await purchase.send('POST', invoiceFilesApi(invoiceId), {
      version: invoice.version,
      attachment_id: kind('time record').file.id,
    });
    expect([onInvoice.httpStatus, onInvoice.data]).toEqual([422, { attachment_id: 'exists' }]);
    const onRevision = await (
      await api('training_supervisor')
    ).send('POST', TRAINING_DOCUMENTS.api, {
      code: 'SOP-ACCESS-2',
      revision: 1,
      title: 'Someone else’s file',
      attachment_id: kind('unlinked upload').file.id,
    });
    expect([onRevision.httpStatus, onRevision.data]).toEqual([422, { attachment_id: 'exists' }]);
    // Still unreadable after all those tries.
    expect((await readersOf(kind('unlinked upload'))).sort()).toEqual(['admin', 'warehouse']);
  });

  it('lets no guessed id put a file on a lab receiving item', async () => {
    const warehouse = await api('warehouse');
    const [open] = await queryRows<{ id: number; item: number }>(
      t.server.database.db,
      sql`select r.id::int as id, i.id::int as item from lab_receivings r
        join lab_receiving_items i on i.lab_receiving_id = r.id
        where r.status in ('draft', 'received') order by r.id limit 1`,
    );
    expect(open, 'the demo holds an open lab receiving').toBeDefined();
    const receiving = (await warehouse.get<Row>(`${LAB_RECEIVINGS.api}/${open!.id}`)).data;
    const put = await warehouse.send(
      'PUT',
      `${LAB_RECEIVINGS.api}/${open!.id}/items/${open!.item}`,
      {
        version: receiving.version,
        coa_attachment_id: kind('time record').file.id,
      },
    );
    expect([put.httpStatus, put.data]).toEqual([422, { coa_attachment_id: 'exists' }]);
  });
});
