import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { PM_PROJECTS } from '../shared/entities/pm-projects.entity.ts';
import { PM_TASK_ITEMS } from '../shared/entities/pm-task-items.entity.ts';
import { PM_TASKS } from '../shared/entities/pm-tasks.entity.ts';
import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import { queryRows } from '../../../server/db/query-rows.ts';
import type { Reply } from '../../../tests/support/api-client.ts';
import { tokenFor } from '../../../tests/support/api-client.ts';
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

// Project Management tests on the demo plant: a client per role (username = role), and the
// shortcuts to create a project, a task under it and an item under that, and to send events.

export type ProjectWorld = {
  t: TestServer;
  as(role: string): Promise<EntityApiClient>;
  userId(username: string): Promise<number>;
  read(entity: EntityDeclaration, id: number): Promise<Row>;
  /** Sends `event` with the row's current version (or `version`). */
  event(
    role: string,
    entity: EntityDeclaration,
    id: number,
    event: string,
    extra?: { version?: number; reason?: string },
  ): Promise<Reply<Row>>;
  newProject(values?: Record<string, unknown>): Promise<Row>;
  newTask(projectId: number, values?: Record<string, unknown>): Promise<Row>;
  newItem(taskId: number, title?: string): Promise<Row>;
  close(): Promise<void>;
};

export async function startProjectWorld(backend: Backend = 'pglite'): Promise<ProjectWorld> {
  const t = await startTestServer({ backend });
  const clients = new Map<string, EntityApiClient>();
  const as = async (role: string) => {
    let client = clients.get(role);
    if (!client) {
      client = entityClient(t.url, await tokenFor(t.url, role));
      clients.set(role, client);
    }
    return client;
  };
  const read = async (entity: EntityDeclaration, id: number) => {
    const reply = await (await as('manager')).get<Row>(`${entity.api}/${id}`);
    expect(reply.httpStatus).toBe(200);
    return reply.data;
  };
  const userId = async (username: string) => {
    const [row] = await queryRows<{ id: number }>(
      t.server.database.db,
      sql`select id::int as id from users where username = ${username}`,
    );
    return row!.id;
  };
  const manager = await userId('manager');
  let n = 0;
  return {
    t,
    as,
    userId,
    read,
    event: async (role, entity, id, event, extra = {}) =>
      (await as(role)).send<Row>('POST', `${entity.api}/${id}/events/${event}`, {
        version: extra.version ?? (await read(entity, id)).version,
        ...(extra.reason ? { reason: extra.reason } : {}),
      }),
    newProject: async (values = {}) => {
      n += 1;
      return (await as('manager')).create(PM_PROJECTS, {
        name: `Test project ${n}`,
        owner_id: manager,
        start_date: '2030-01-01',
        due_date: '2030-03-31',
        ...values,
      });
    },
    newTask: async (projectId, values = {}) => {
      n += 1;
      return (await as('manager')).create(PM_TASKS, {
        project_id: projectId,
        title: `Task ${n}`,
        start_date: '2030-01-05',
        due_date: '2030-01-20',
        ...values,
      });
    },
    newItem: async (taskId, title = `Item ${++n}`) =>
      (await as('manager')).create(PM_TASK_ITEMS, { task_id: taskId, title }),
    close: () => t.close(),
  };
}
