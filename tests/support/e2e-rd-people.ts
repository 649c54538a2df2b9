import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import type { Db } from '../../server/db/client.ts';
import { tokenFor } from './api-client.ts';
import { entityClient, type EntityApiClient, type Row } from './entity-crud.ts';

// The R&D journeys set up what other roles did before through the API, as those people: each
// call signed in as its demo user, a refused one thrown with what was asked and answered.

export type RdPeople = {
  /** Calls as `user`; the answer's data, or an error naming the call. */
  api: (user: string) => Promise<(method: string, path: string, body?: object) => Promise<Row>>;
  /** `user` sends `name` to the record at `base` with the version it read. */
  event: (user: string, base: string, doc: Row, name: string) => Promise<Row>;
};

/** The people of the server at `url()` (read when first called: journeys start it later). */
export function rdPeople(url: () => string): RdPeople {
  const clients = new Map<string, EntityApiClient>();
  const api: RdPeople['api'] = async (user) => {
    if (!clients.has(user)) clients.set(user, entityClient(url(), await tokenFor(url(), user)));
    const client = clients.get(user)!;
    return async (method, path, body) => {
      const reply = await client.send<Row>(method, path, body);
      if (reply.httpStatus >= 300)
        throw new Error(`${user} ${method} ${path}: ${JSON.stringify(reply)}`);
      return reply.data;
    };
  };
  const event: RdPeople['event'] = async (user, base, doc, name) =>
    (await api(user))('POST', `${base}/${doc.id}/events/${name}`, { version: doc.version });
  return { api, event };
}

/** The id of an active product of `type`, the `offset`-th by id. */
export async function activeProductOf(db: Db, type: string, offset = 0): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id::int from products where type = ${type} and status = 'active'
         order by id offset ${offset} limit 1`,
  );
  return row!.id;
}
