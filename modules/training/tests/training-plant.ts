import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { TRAINING_DOCUMENTS } from '../shared/entities/training-documents.entity.ts';
import {
  TRAINING_PROJECT_DOCUMENTS,
  TRAINING_PROJECTS,
} from '../shared/entities/training-projects.entity.ts';
import { roles, users } from '../../../server/db/schema/users.ts';
import { tokenFor, type Reply } from '../../../tests/support/api-client.ts';
import {
  entityClient,
  type EntityApiClient,
  type Row,
} from '../../../tests/support/entity-crud.ts';
import {
  startTestServer,
  type Backend,
  type TestServer,
} from '../../../tests/support/test-server.ts';

// The demo plant as the training suites use it: a client per demo user, the bottler's and
// labeler's ids and the bottler role's, a document revision taken to effective by the training
// supervisor, and a bottler curriculum holding a document, assigned to the role.

export type TrainingPlant = {
  t: TestServer;
  api: (user: string) => Promise<EntityApiClient>;
  ids: { bottler: number; labeler: number; bottlerRole: number };
  /** POST `{path}/{id}/events/{name}` as `user` with the row's version. */
  event: (user: string, path: string, row: Row, name: string, body?: object) => Promise<Reply<Row>>;
  /** A draft revision approved and made effective by the training supervisor. */
  madeEffective: (draft: Row) => Promise<Row>;
  /** A bottler curriculum holding `doc`, assigned to the role; the assign's answer. */
  curriculumOf: (doc: Row) => Promise<{ project: Row; assigned: number }>;
};

let serial = 0;
/** A code no other row of this run has. */
export const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++serial}`;

export async function startTrainingPlant(backend: Backend): Promise<TrainingPlant> {
  const t = await startTestServer({ backend });
  const clients = new Map<string, EntityApiClient>();
  const api = async (user: string) => {
    if (!clients.has(user)) clients.set(user, entityClient(t.url, await tokenFor(t.url, user)));
    return clients.get(user)!;
  };
  const db = t.server.database.db;
  const user = async (username: string) =>
    (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
  const ids = {
    bottler: await user('bottler'),
    labeler: await user('labeler'),
    bottlerRole: (await db.select().from(roles).where(eq(roles.code, 'bottler')))[0]!.id,
  };

  const event: TrainingPlant['event'] = async (who, path, row, name, body = {}) =>
    (await api(who)).send<Row>('POST', `${path}/${row.id}/events/${name}`, {
      version: row.version,
      ...body,
    });

  const madeEffective = async (draft: Row): Promise<Row> => {
    const approved = await event('training_supervisor', TRAINING_DOCUMENTS.api, draft, 'approve');
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    const effective = await event(
      'training_supervisor',
      TRAINING_DOCUMENTS.api,
      approved.data,
      'make_effective',
    );
    expect(effective.httpStatus, JSON.stringify(effective.data)).toBe(200);
    return effective.data;
  };

  const curriculumOf = async (doc: Row) => {
    const sup = await api('training_supervisor');
    const project = await sup.create(TRAINING_PROJECTS, {
      code: uniqueCode('CUR'),
      name: 'Bottling line',
      role_id: ids.bottlerRole,
    });
    await sup.create(TRAINING_PROJECT_DOCUMENTS, {
      training_project_id: project.id,
      training_document_id: doc.id,
    });
    const reply = await sup.send<{ assigned: number }>(
      'POST',
      `${TRAINING_PROJECTS.api}/${project.id}/assign`,
      { version: project.version },
    );
    expect(reply.httpStatus, JSON.stringify(reply.data)).toBe(200);
    return { project, assigned: reply.data.assigned };
  };

  return { t, api, ids, event, madeEffective, curriculumOf };
}
