import { sql } from 'drizzle-orm';
import { queryRows } from '../../server/db/query-rows.ts';
import { RD_PROJECTS } from '../../modules/rd/shared/entities/rd-projects.entity.ts';
import { RD_SAMPLES } from '../../modules/rd/shared/entities/rd-samples.entity.ts';
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

/**
 * A project the requester asked for and the supervisor approved, and its sample developed by
 * the flavorist (`flavourPct` % of a flavour, a carrier as the fill), specified and sent by
 * quality control: it waits for its evaluation.
 */
export async function sentSample(
  people: RdPeople,
  db: Db,
  title: string,
  flavourPct: number,
): Promise<{ project: Row; sample: Row }> {
  const { api, event } = people;
  const draft = await (
    await api('rd_requester')
  )('POST', RD_PROJECTS.api, { title, target_nicotine_mg: 3, target_vg_pct: 70 });
  const submitted = await event('rd_requester', RD_PROJECTS.api, draft, 'submit');
  const project = await event('rd_supervisor', RD_PROJECTS.api, submitted, 'approve');
  let sample = await (
    await api('rd_supervisor')
  )('POST', RD_SAMPLES.api, { rd_project_id: project.id, batch_size_ml: 100 });
  sample = await event('rd_flavorist', RD_SAMPLES.api, sample, 'start_develop');
  sample = await (
    await api('rd_flavorist')
  )('PUT', `${RD_SAMPLES.api}/${sample.id}/ingredients`, {
    version: sample.version,
    ingredients: [
      { product_id: await activeProductOf(db, 'flavour_concentrate'), pct: flavourPct },
      { product_id: await activeProductOf(db, 'carrier'), is_fill: true },
    ],
  });
  sample = await event('rd_flavorist', RD_SAMPLES.api, sample, 'prepare');
  sample = await (
    await api('rd_quality_control')
  )('PUT', `${RD_SAMPLES.api}/${sample.id}/specifications`, {
    version: sample.version,
    nicotine_mg: 3,
    nicotine_type: 'freebase',
    vg_pct: 70,
    pg_pct: 30,
    density_g_ml: 1.09,
    flashpoint_c: 101,
    shelf_life_days: 365,
  });
  return { project, sample: await event('rd_quality_control', RD_SAMPLES.api, sample, 'send') };
}
