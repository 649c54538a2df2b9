import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AttachedFile } from '../../../../src/domain/attachments/attached-file.ts';
import { PM_PROJECTS } from '../../shared/entities/pm-projects.entity.ts';
import { PM_TASK_ITEM_RECORDS } from '../../shared/entities/pm-task-item-records.entity.ts';
import { recordFileApi, recordFilesApi } from '../../shared/entities/record-files.ts';
import { queryRows } from '../../../../server/db/query-rows.ts';
import { auditLogs } from '../../../../server/db/schema/audit.ts';
import { attachmentToken } from '../../../../tests/support/attachment-client.ts';
import {
  connectEcho,
  disconnectEchoes,
  subscribed,
  waitFor,
} from '../../../../tests/support/echo-client.ts';
import type { Row } from '../../../../tests/support/entity-crud.ts';
import { startProjectWorld, type ProjectWorld } from '../project-fixtures.ts';

// A time record's files (docs/domain/projects.md §9 "attachments"): the PM roles upload through
// /api/attachments (same type and size checks as every file), attach with the record's
// version, list, download byte for byte and remove while the project is open; every other role
// is refused, and a refused request writes nothing.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n% Timesheet week 2\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);

type Changed = { version: number; files: AttachedFile[] };

describe('time record files', () => {
  let w: ProjectWorld;
  beforeAll(async () => {
    w = await startProjectWorld();
  }, 240_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => w.close());

  const count = async (table: string) =>
    (
      await queryRows<{ n: number }>(
        w.t.server.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )
    )[0]!.n;

  async function newRecord(): Promise<Row> {
    const project = await w.newProject();
    const task = await w.newTask(project.id);
    const item = await w.newItem(task.id);
    return (await w.as('manager')).create(PM_TASK_ITEM_RECORDS, {
      task_item_id: item.id,
      record_date: '2030-01-06',
      hours: 3.5,
      note: 'Site visit',
    });
  }
  async function upload(user: string, bytes: Buffer, name: string) {
    const response = await fetch(
      `${w.t.url}/api/attachments?file_name=${encodeURIComponent(name)}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${(await w.as(user)).token}` },
        body: new Uint8Array(bytes),
      },
    );
    return {
      status: response.status,
      body: (await response.json()) as { data: Record<string, unknown> },
    };
  }
  const uploaded = async (user: string, bytes: Buffer, name: string) => {
    const up = await upload(user, bytes, name);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    return Number(up.body.data.id);
  };
  const attach = async (user: string, record: Row, attachmentId: number, version?: number) =>
    (await w.as(user)).send<Changed>('POST', recordFilesApi(record.id), {
      version: version ?? record.version,
      attachment_id: attachmentId,
    });
  const remove = async (user: string, record: Row, attachmentId: number, version: number) =>
    (await w.as(user)).send<Changed>(
      'DELETE',
      `${recordFileApi(record.id, attachmentId)}?version=${version}`,
    );
  const filesOf = async (record: Row) =>
    (await (await w.as('manager')).get<AttachedFile[]>(recordFilesApi(record.id))).data;
  const download = async (user: string, id: number) =>
    fetch(
      `${w.t.url}/api/attachments/${await attachmentToken(w.t.server.database.db, id)}/download`,
      {
        headers: { authorization: `Bearer ${(await w.as(user)).token}` },
      },
    );

  it('attaches files, lists and counts them, serves them back byte for byte and removes one', async () => {
    const record = await newRecord();
    const echo = await connectEcho(w.t.url, (await w.as('manager')).token);
    const channel = echo.private('projects');
    await subscribed(channel);
    const heard = waitFor(
      new Promise<{ id: number; version: number; data: { file_count: number } }>((resolve) =>
        channel.listen('.task_item_record.updated', resolve),
      ),
      'task_item_record.updated',
    );

    const pdf = await uploaded('manager', PDF, 'Timesheet week 2.pdf');
    const first = await attach('manager', record, pdf);
    expect(first.httpStatus, JSON.stringify(first.data)).toBe(201);
    expect(first.data.version).toBeGreaterThan(record.version);
    expect(first.data.files.map((f) => f.file_name)).toEqual(['Timesheet week 2.pdf']);
    expect(await heard).toMatchObject({
      id: record.id,
      version: first.data.version,
      data: { file_count: 1 },
    });

    // Another PM role attaches a file of their own to the same record.
    const png = await uploaded('director', PNG, 'whiteboard.png');
    const second = await attach('director', { ...record, version: first.data.version }, png);
    expect(second.httpStatus, JSON.stringify(second.data)).toBe(201);
    const files = await filesOf(record);
    expect(files.map((f) => [f.file_name, f.content_type, f.size_bytes])).toEqual([
      ['Timesheet week 2.pdf', 'application/pdf', PDF.length],
      ['whiteboard.png', 'image/png', PNG.length],
    ]);
    expect(files[0]!.attached_by_name).toBeTruthy();
    expect((await w.read(PM_TASK_ITEM_RECORDS, record.id)).file_count).toBe(2);

    // Every PM role reads the record's files, whoever uploaded them.
    for (const role of ['admin', 'director', 'manager']) {
      const got = await download(role, pdf);
      expect(got.status, role).toBe(200);
      expect(got.headers.get('content-disposition')).toMatch(
        /^attachment; filename="Timesheet week 2.pdf"/,
      );
      expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    }

    const removed = await remove('manager', record, png, second.data.version);
    expect(removed.httpStatus, JSON.stringify(removed.data)).toBe(200);
    expect(removed.data.version).toBeGreaterThan(second.data.version);
    expect(removed.data.files.map((f) => f.file_name)).toEqual(['Timesheet week 2.pdf']);
    expect((await w.read(PM_TASK_ITEM_RECORDS, record.id)).file_count).toBe(1);
    // The attachment itself stays: its uploader still downloads it.
    expect((await download('director', png)).status).toBe(200);

    const audits = await w.t.server.database.db
      .select({ changes: auditLogs.changes })
      .from(auditLogs)
      .where(
        and(eq(auditLogs.entityType, PM_TASK_ITEM_RECORDS.name), eq(auditLogs.entityId, record.id)),
      )
      .orderBy(auditLogs.id);
    expect(audits.slice(1).map((a) => a.changes)).toEqual([
      { file_attached: [null, 'Timesheet week 2.pdf'] },
      { file_attached: [null, 'whiteboard.png'] },
      { file_removed: ['whiteboard.png', null] },
    ]);
  });

  it('refuses a bad type and a too-big file at upload, writing nothing', async () => {
    const before = await count('attachments');
    const exe = await upload('manager', EXE, 'timesheet.pdf');
    expect([exe.status, exe.body.data]).toEqual([422, { file: 'in' }]);
    const big = await upload('manager', Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 'big.txt');
    expect([big.status, big.body.data]).toEqual([
      413,
      { file: 'size', max_bytes: 10 * 1024 * 1024 },
    ]);
    expect(await count('attachments')).toBe(before);
  });

  it('refuses other roles, a stale version, an unknown, foreign or repeated file and a closed project, writing nothing', async () => {
    const record = await newRecord();
    expect(record.project_closed).toBe(0);
    const pdf = await uploaded('manager', PDF, 'receipt.pdf');
    for (const role of ['warehouse', 'purchase', 'trainer']) {
      expect((await attach(role, record, pdf)).httpStatus, role).toBe(403);
      expect((await (await w.as(role)).get(recordFilesApi(record.id))).httpStatus, role).toBe(403);
    }
    // A production role may not upload at all; purchase may, but not attach here.
    expect((await upload('sealer', PDF, 'x.pdf')).status).toBe(403);
    const stale = await attach('manager', record, pdf, record.version + 1);
    expect(stale.httpStatus).toBe(409);
    const unknown = await attach('manager', record, 999_999);
    expect([unknown.httpStatus, unknown.data]).toEqual([422, { attachment_id: 'exists' }]);
    // A supplier's invoice scan the manager may not read is as good as absent.
    const invoiceScan = await uploaded('purchase', PDF, 'supplier invoice.pdf');
    const foreign = await attach('manager', record, invoiceScan);
    expect([foreign.httpStatus, foreign.data]).toEqual([422, { attachment_id: 'exists' }]);
    expect((await download('manager', invoiceScan)).status).toBe(403);
    expect(await filesOf(record)).toEqual([]);
    expect((await w.read(PM_TASK_ITEM_RECORDS, record.id)).version).toBe(record.version);

    const ok = await attach('manager', record, pdf);
    expect(ok.httpStatus).toBe(201);
    const twice = await attach('manager', { ...record, version: ok.data.version }, pdf);
    expect([twice.httpStatus, twice.data]).toEqual([422, { attachment_id: 'unique' }]);
    const staleRemove = await remove('manager', record, pdf, record.version);
    expect(staleRemove.httpStatus).toBe(409);
    expect((await remove('warehouse', record, pdf, ok.data.version)).httpStatus).toBe(403);
    expect((await download('sealer', pdf)).status).toBe(403);
    expect(await filesOf(record)).toHaveLength(1);

    // A cancelled project's records keep their files, and take no change to them.
    const { project_id } = await queryRows<{ project_id: number }>(
      w.t.server.database.db,
      sql`select t.project_id::int as project_id from pm_task_item_records r
        join pm_task_items i on i.id = r.task_item_id join pm_tasks t on t.id = i.task_id
        where r.id = ${record.id}`,
    ).then((rows) => rows[0]!);
    const cancelled = await w.event('manager', PM_PROJECTS, project_id, 'cancel', {
      reason: 'Dropped',
    });
    expect(cancelled.httpStatus, JSON.stringify(cancelled.data)).toBe(200);
    // The screen reads the closed project from the record (booleans as 1
    // and 0, docs/product.md §7).
    expect((await w.read(PM_TASK_ITEM_RECORDS, record.id)).project_closed).toBe(1);
    const closedRemove = await remove('manager', record, pdf, ok.data.version);
    expect(closedRemove.httpStatus).toBe(422);
    expect(closedRemove.data).toEqual({
      attachment_id: 'The project is cancelled: it takes no more changes',
    });
    const another = await uploaded('manager', PNG, 'late.png');
    expect(
      (await attach('manager', { ...record, version: ok.data.version }, another)).httpStatus,
    ).toBe(422);
    expect((await filesOf(record)).map((f) => f.file_name)).toEqual(['receipt.pdf']);
  });

  it('lets a record with files be deleted, its links with it', async () => {
    const record = await newRecord();
    const ok = await attach('manager', record, await uploaded('manager', PDF, 'gone.pdf'));
    expect(ok.httpStatus).toBe(201);
    const deleted = await (
      await w.as('manager')
    ).send('DELETE', `${PM_TASK_ITEM_RECORDS.api}/${record.id}?version=${ok.data.version}`);
    expect(deleted.httpStatus, JSON.stringify(deleted.data)).toBe(200);
    const [left] = await queryRows<{ n: number }>(
      w.t.server.database.db,
      sql`select count(*)::int as n from pm_task_item_record_attachments
        where pm_task_item_record_id = ${record.id}`,
    );
    expect(left!.n).toBe(0);
  });
});
