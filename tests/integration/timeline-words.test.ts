import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_RECEIVINGS } from '../../modules/lab/shared/entities/lab-receivings.entity.ts';
import { TRAINING_DOCUMENTS } from '../../modules/training/shared/entities/training-documents.entity.ts';
import type { TimelineEntry } from '../../src/domain/entity/timeline-entry.ts';
import { queryRows } from '../../server/db/query-rows.ts';
import { tokenFor } from '../support/api-client.ts';
import { uploaded } from '../support/attachment-client.ts';
import { entityClient, type EntityApiClient, type Row } from '../support/entity-crud.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// GET /api/timeline names what a line's changes refer to even where the document does not
// declare the field: a lab receiving item's CoA set through its lab results is logged as
// `items.{item}.coa_attachment_id`, and the timeline names the file, not its id; so does a
// training revision's own file (`attachment_id`).

let t: TestServer;
let supervisor: EntityApiClient;

beforeAll(async () => {
  t = await startTestServer();
  supervisor = entityClient(t.url, await tokenFor(t.url, 'supervisor'));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('timeline words', () => {
  it("names the CoA file set on a lab receiving's item, by the file's name", async () => {
    const db = t.server.database.db;
    // A received receiving's item without a CoA, and a CoA file the demo uploaded.
    const [item] = await queryRows<{ receiving: number; item: number }>(
      db,
      sql`select r.id::int as receiving, i.id::int as item from lab_receivings r
           join lab_receiving_items i on i.lab_receiving_id = r.id
          where r.status = 'received' and i.coa_attachment_id is null
          order by r.id, i.id limit 1`,
    );
    const [file] = await queryRows<{ id: number; file_name: string }>(
      db,
      sql`select a.id::int as id, a.file_name from attachments a
           join lab_receiving_items i on i.coa_attachment_id = a.id order by a.id limit 1`,
    );
    expect(item && file, 'the demo has a received item and a CoA').toBeTruthy();
    const receiving = (await supervisor.get<Row>(`${LAB_RECEIVINGS.api}/${item!.receiving}`)).data;
    const set = await supervisor.send(
      'PUT',
      `${LAB_RECEIVINGS.api}/${item!.receiving}/items/${item!.item}`,
      { version: receiving.version, coa_attachment_id: file!.id },
    );
    expect(set.httpStatus, JSON.stringify(set.data)).toBe(200);

    const story = (
      await supervisor.get<TimelineEntry[]>(`/api/timeline/lab_receivings/${item!.receiving}`)
    ).data;
    const key = `items.${item!.item}.coa_attachment_id`;
    const entry = story.find((e) => key in e.changes);
    expect(entry, JSON.stringify(story)).toBeDefined();
    expect(entry!.refs?.[key]).toBe('attachments');
    expect(entry!.labels[`attachments:${file!.id}`]).toBe(file!.file_name);
  });

  it("names a training revision's file by its name, not its id", async () => {
    const token = await tokenFor(t.url, 'training_supervisor');
    const sup = entityClient(t.url, token);
    const file = await uploaded(t.url, token, Buffer.from('Check the seal.'), 'sop-seal-9.txt');
    const draft = await sup.create(TRAINING_DOCUMENTS, {
      code: `SOP-TL-${Date.now().toString(36).toUpperCase()}`,
      revision: 1,
      title: 'Seal check',
    });
    const set = await sup.send('PUT', `${TRAINING_DOCUMENTS.api}/${draft.id}`, {
      version: draft.version,
      attachment_id: file.id,
    });
    expect(set.httpStatus, JSON.stringify(set.data)).toBe(200);

    const story = (await sup.get<TimelineEntry[]>(`/api/timeline/training_documents/${draft.id}`))
      .data;
    const entry = story.find((e) => 'attachment_id' in e.changes);
    expect(entry, JSON.stringify(story)).toBeDefined();
    expect(entry!.refs?.attachment_id).toBe('attachments');
    expect(entry!.labels[`attachments:${file.id}`]).toBe('sop-seal-9.txt');
  });
});
