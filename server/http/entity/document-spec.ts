import { asc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { RouteAccess } from '../../../src/domain/route-access.ts';
import type {
  TransitionTable,
  WorkflowDoc,
  WorkflowMachine,
} from '../../../src/machines/workflows/document-workflow.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { ResourceKey } from '../../db/resource-locks.ts';
import type { EventContext, EventOutcome } from '../../db/document-event.ts';
import type { EntityBinding, EntityTable, ResolvedBinding } from './entity-binding.ts';
import { lockedRead, readOrFail } from './entity-routes.ts';
import { entityRowSchema } from './entity-row-schema.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// What a stock document declares (header, lines, number, workflow, effects) and the reads
// its routes share.

export type DocumentSpec = {
  header: EntityBinding & { table: EntityTable & { status: AnyPgColumn } };
  lines: EntityBinding & { table: PgTable & { id: AnyPgColumn } };
  /** The lines' foreign key to the header, as its Drizzle key and column. */
  linesKey: { key: string; column: AnyPgColumn };
  docType: string;
  workflow: { machine: WorkflowMachine; table: TransitionTable };
  effects?: Record<string, (ctx: EventContext) => Promise<EventOutcome | void>>;
  /**
   * The shared resources an event reads or changes besides the document (the stock it holds,
   * the customer's credit), locked before the machine's facts are read (event-pipeline.ts).
   */
  resources?: Record<string, (ctx: EventContext) => Promise<ResourceKey[]> | ResourceKey[]>;
  /** Checks a draft's header and lines before they are written. */
  checkDraft?: (
    tx: Tx,
    header: Record<string, unknown>,
    lines: Record<string, unknown>[],
  ) => Promise<void>;
  /**
   * Runs after a draft's header and lines are written, before the answer is read: figures the
   * server derives from the lines (a purchase order's totals). `before` is null on create.
   */
  afterWrite?: (tx: Tx, id: number, before: EntityRow | null) => Promise<void>;
  /** Extra events published on the header's channel after a transition (receiving.posted). */
  announce?: Record<string, string>;
  /** Other readers told after every committed event (the shipping dashboard's shipments). */
  afterEvent?: (row: EntityRow, event: string) => Promise<void>;
  /**
   * Who may reach the events route when the workflow's roles reach beyond the area (transfers:
   * shipping, warehouse, manager); the machine's role guards still decide each event.
   */
  eventAccess?: RouteAccess;
  /** Lines may be left out of the create payload (a count builds its own on start). */
  linesOptional?: boolean;
  /** Facts the workflow's guards read beyond the header (a count's tolerance). */
  workflowFacts?: (tx: Tx, doc: EntityRow, lines: EntityRow[]) => Promise<Partial<WorkflowDoc>>;
  /** What readers see of the lines (a blind count hides the system quantity while counting). */
  shownLines?: (doc: EntityRow, lines: EntityRow[]) => EntityRow[];
};

export async function readLines(db: Db | Tx, spec: ResolvedDocument, id: number) {
  return (await db
    .select(spec.linesBinding.selection)
    .from(spec.lines.table)
    .where(eq(spec.linesKey.column, id))
    .orderBy(asc(spec.lines.table.id))) as EntityRow[];
}

export type ResolvedDocument = DocumentSpec & {
  linesBinding: ResolvedBinding;
  binding: ResolvedBinding;
};

/** The header row, locked for the rest of the transaction (one writer per document). */
export async function lockedRow(tx: Tx, doc: ResolvedDocument, id: number): Promise<EntityRow> {
  return lockedRead(tx, doc.binding, id);
}

/** The document as GET /:id answers: its row and its lines. */
export async function readDocument(tx: Db | Tx, doc: ResolvedDocument, id: number) {
  const row = await readOrFail(tx, doc.binding, id);
  return { ...row, lines: await shownLines(tx, doc, row) };
}

/** The lines as the document's readers see them. */
export async function shownLines(tx: Db | Tx, doc: ResolvedDocument, row: EntityRow) {
  const lines = await readLines(tx, doc, row.id);
  return doc.shownLines ? doc.shownLines(row, lines) : lines;
}

const documentSchemas = new WeakMap<object, z.ZodObject>();

/** What readDocument answers, for the routes' declarations: the header's row with its lines. */
export function documentSchema(doc: Pick<DocumentSpec, 'header' | 'lines'>): z.ZodObject {
  const header = doc.header.entity;
  let schema = documentSchemas.get(header);
  if (!schema) {
    const row = entityRowSchema(header);
    const id = String(row.meta()?.id ?? header.name).replace(/Row$/, 'Document');
    schema = row.extend({ lines: z.array(entityRowSchema(doc.lines.entity)) }).meta({ id });
    documentSchemas.set(header, schema);
  }
  return schema;
}
