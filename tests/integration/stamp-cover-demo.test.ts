import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  REEL_REQUESTS,
  type ReelRequest,
  type StampCoverRow,
} from '../../src/domain/entities/production/stamp-cover.ts';
import { tokenFor } from '../support/api-client.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import { entityClient, type EntityApiClient } from '../support/entity-crud.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// The stamp cover of a fresh demo (server/db/demo/demo-stamp-cover.ts): the locked forecast
// running now plans the Ontario- and Quebec-stamped goods, so Quebec falls below the lead time
// (the panel offers a draft) while Ontario is covered more than twice over. Drafting and
// deciding it is heard on the cover's channel, where the pending reel approvals' list of
// requests and the work queues listen (reel_request.created / .updated).

describe('demo stamp cover', () => {
  let t: TestServer;
  let keeper: EntityApiClient;
  let cover: StampCoverRow[];
  const of = (code: string) => cover.find((row) => row.jurisdiction_code === code)!;

  beforeAll(async () => {
    t = await startTestServer();
    keeper = entityClient(t.url, await tokenFor(t.url, 'stamp_inventory'));
    const reply = await keeper.get<StampCoverRow[]>('/api/production/stamp-cover');
    expect(reply.httpStatus, reply.message).toBe(200);
    cover = reply.data;
  }, 240_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  it('shows Quebec below the lead time and Ontario comfortably covered, from the locked forecast', () => {
    const quebec = of('QC');
    const ontario = of('ON');
    expect(quebec.forecast_need).toBeGreaterThan(0);
    expect(quebec.cover_days!).toBeLessThan(quebec.lead_time_days);
    expect(quebec).toMatchObject({ below_lead_time: 1, pending_request_id: null });
    expect(quebec.suggested_qty).toBeGreaterThan(0);
    expect(ontario.forecast_need).toBeGreaterThan(0);
    expect(ontario.cover_days!).toBeGreaterThan(2 * ontario.lead_time_days);
    expect(ontario.below_lead_time).toBe(0);
  });

  it('lets stamp inventory draft the reel request the panel offers for Quebec, heard live', async () => {
    const manager = entityClient(t.url, await tokenFor(t.url, 'manager'));
    const echo = await connectEcho(t.url, manager.token);
    const channel = echo.private(REEL_REQUESTS.channel.replace(/^private-/, ''));
    await subscribed(channel);
    const heard: { event: string; data: { id: number; status: string } }[] = [];
    const until = (n: number) =>
      new Promise<void>((resolve) => {
        for (const verb of ['created', 'updated']) {
          const event = `${REEL_REQUESTS.event}.${verb}`;
          channel.listen(`.${event}`, (data: { id: number; status: string }) => {
            heard.push({ event, data });
            if (heard.length >= n) resolve();
          });
        }
      });
    const done = until(2);

    const quebec = of('QC');
    const drafted = await keeper.send<ReelRequest>(
      'POST',
      `/api/production/stamp-cover/${quebec.stamp_jurisdiction_id}/reel-request`,
    );
    expect(drafted.httpStatus, JSON.stringify(drafted.data)).toBe(201);
    expect(drafted.data).toMatchObject({ status: 'pending', stamps_qty: quebec.suggested_qty });
    const approved = await manager.send<ReelRequest>(
      'POST',
      `${REEL_REQUESTS.api}/${drafted.data.id}/events/approve`,
      { version: drafted.data.version },
    );
    expect(approved.httpStatus, JSON.stringify(approved.data)).toBe(200);
    await waitFor(done, 'reel request events');
    expect(heard.map((h) => [h.event, h.data.id, h.data.status])).toEqual([
      ['reel_request.created', drafted.data.id, 'pending'],
      ['reel_request.updated', drafted.data.id, 'approved'],
    ]);

    const refused = await keeper.send(
      'POST',
      `/api/production/stamp-cover/${of('ON').stamp_jurisdiction_id}/reel-request`,
    );
    expect(refused.httpStatus).toBe(422);
  });
});
