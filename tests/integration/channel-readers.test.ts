import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canUseArea } from '../../src/domain/area-modules.ts';
import { canJoinChannel, type ChannelUser } from '../../src/domain/channel-access.ts';
import { allEntities } from '../../src/domain/entities/entity-registry.ts';
import type { EntityDeclaration } from '../../src/domain/entity/entity-declaration.ts';
import { STOCK_ADJUSTMENTS } from '../../src/domain/entities/stock/stock-adjustments.entity.ts';
import { MODULES } from '../../src/domain/modules.ts';
import { ROLES } from '../../src/domain/roles.ts';
import type { RouteAccess } from '../../src/domain/route-access.ts';
import { publishChange } from '../../server/http/entity/publish-change.ts';
import { createLocalBus } from '../../server/realtime/cluster-bus.ts';
import { createMemoryClusterState } from '../../server/realtime/cluster-state.ts';
import { createInProcessPublisher } from '../../server/realtime/in-process.publisher.ts';
import { isValidChannelName } from '../../server/realtime/protocol.ts';
import { type HubConnection, RealtimeHub } from '../../server/realtime/realtime-hub.ts';
import { silentLogger } from '../../server/realtime/realtime-logger.ts';
import { connectEcho, disconnectEchoes, subscribed, waitFor } from '../support/echo-client.ts';
import type { Row } from '../support/entity-crud.ts';
import { stockWorldOn, type StockWorld } from '../support/stock-fixtures.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

// A channel serves several screens, so roles that may not read every entity announced on it
// may join it. Whatever the declarations say, a broadcast must not hand a subscriber a row the
// API would refuse them: every declared entity is published once, through the publisher and
// hub the app uses, to a subscriber per role and module that may join its channel.

type Delta = { id: number; seq: number; version: number; data: Row | null };

/** A subscriber that keeps what the hub sends it, in place of a websocket. */
class RecordingSocket implements HubConnection {
  readonly frames: Array<{ event: string; channel: string; data: Delta }> = [];
  constructor(
    readonly socketId: string,
    readonly user: ChannelUser,
  ) {}
  send(wire: string): void {
    const frame = JSON.parse(wire) as { event: string; channel: string; data: string };
    this.frames.push({ ...frame, data: JSON.parse(frame.data) as Delta });
  }
  userIds(): ReadonlySet<string> {
    return new Set([String(this.user.id)]);
  }
  terminate(): void {}
  allowChannel(): void {}
  dropChannel(): void {}
}

/** One user per role and module, and one per role with every module. */
function everyUser(): ChannelUser[] {
  const moduleSets = [...MODULES.map((m) => [m]), [...MODULES]];
  return ROLES.flatMap((role, r) =>
    moduleSets.map((modules, m) => ({ id: r * 100 + m + 1, roles: [role], modules })),
  );
}

describe('realtime channels carry rows only to roles the API lets read them', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 120_000);
  afterEach(() => disconnectEchoes());
  afterAll(async () => t.close());

  /** The access of the entity's GET routes as the server registered them, one rule for both. */
  function readAccess(entity: EntityDeclaration): RouteAccess | undefined {
    const gets = t.server.app.guardedRoutes.filter(
      (r) => r.method === 'GET' && (r.url === entity.api || r.url === `${entity.api}/:id`),
    );
    const rules = new Set(gets.map((r) => JSON.stringify(r.access)));
    expect(rules.size, `${entity.name}: one access rule for its GET routes`).toBeLessThanOrEqual(1);
    return gets[0]?.access;
  }

  function mayRead(user: ChannelUser, access: RouteAccess): boolean {
    if (access === 'public' || access === 'authenticated') return true;
    if (access === 'pusher-signed') return false;
    return canUseArea(user, access.area, access.action);
  }

  it('walks every role × channel × entity: a joiner who may not read the entity hears its ids only', async () => {
    const hub = new RealtimeHub({
      bus: createLocalBus(),
      state: createMemoryClusterState(),
      logger: silentLogger,
    });
    // Sessions are known from the channel authorisations below; none is ever looked up again.
    hub.watchSessions(() => Promise.resolve(new Map()));
    const deps = { realtime: { publisher: createInProcessPublisher(hub) } };
    const sockets = everyUser().map((user, i) => new RecordingSocket(`${i + 1}.1`, user));
    for (const socket of sockets) hub.register(socket);

    const published = allEntities().filter((e) => isValidChannelName(e.channel));
    const channels = new Set(published.map((e) => e.channel));
    for (const channel of channels) {
      for (const socket of sockets.filter((s) => canJoinChannel(s.user, channel))) {
        // What POST /api/broadcasting/auth does once it has allowed the channel.
        await hub.bindSession({
          socketId: socket.socketId,
          channel,
          userId: String(socket.user.id),
          tokenId: Number(socket.user.id),
          expiresAt: Date.now() + 3_600_000,
          roles: socket.user.roles,
          modules: socket.user.modules,
        });
        await hub.subscribe(socket, channel);
      }
    }

    const leaks: string[] = [];
    const starved: string[] = [];
    const heardBy = new Map<string, number>();
    let idsOnly = 0;
    for (const entity of published) {
      const access = readAccess(entity);
      expect(access, `${entity.name}: GET ${entity.api}`).toBeDefined();
      if (access === undefined) continue;
      for (const socket of sockets) socket.frames.length = 0;
      const row = { id: 7, seq: 11, version: 3, marker: entity.name };
      await publishChange(deps, entity, 'updated', row);
      for (const socket of sockets) {
        if (!canJoinChannel(socket.user, entity.channel)) continue;
        const heard = socket.frames.find(
          (f) => f.channel === entity.channel && f.event === `${entity.event}.updated`,
        );
        const who = `${entity.name} on ${entity.channel} to ${socket.user.roles.join()} [${socket.user.modules.join()}]`;
        expect(heard?.data, who).toMatchObject({ id: 7, seq: 11, version: 3 });
        heardBy.set(entity.name, (heardBy.get(entity.name) ?? 0) + 1);
        const reads = mayRead(socket.user, access);
        if (!reads) idsOnly += 1;
        if (heard?.data.data && !reads) leaks.push(who);
        if (!heard?.data.data && reads) starved.push(who);
      }
    }
    hub.closeAll();
    // Every entity reached someone, and some joiners were ones the API refuses.
    expect(published.filter((e) => !heardBy.has(e.name)).map((e) => e.name)).toEqual([]);
    expect(idsOnly).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
    // Screens whose role reads the entity still get whole rows.
    expect(starved).toEqual([]);
  });

  describe('with real Echo clients', () => {
    let w: StockWorld;
    beforeAll(async () => {
      w = await stockWorldOn(t);
    });

    async function listen(user: string) {
      const api = await w.api(user);
      const echo = await connectEcho(t.url, api.token);
      const channel = echo.private('inventory.documents');
      await subscribed(channel);
      const heard = new Promise<Delta>((resolve) =>
        channel.listen(`.${STOCK_ADJUSTMENTS.event}.created`, (delta: Delta) => resolve(delta)),
      );
      return () => waitFor(heard, `${user} to hear the adjustment`);
    }

    it('gives the warehouse a stock adjustment as ids only, and the inventory role its row', async () => {
      const warehouseHeard = await listen('warehouse');
      const inventoryHeard = await listen('inventory');
      const inventory = await w.api('inventory');
      const created = await inventory.send<Row>('POST', STOCK_ADJUSTMENTS.api, {
        location_id: w.ids.main,
        lines: [{ product_id: await w.newProduct(), bin_id: w.ids.binA, qty_delta: 3 }],
      });
      expect(created.httpStatus, JSON.stringify(created.data)).toBe(201);

      const toWarehouse = await warehouseHeard();
      expect(toWarehouse).toMatchObject({
        id: created.data.id,
        version: created.data.version,
        data: null,
      });
      const toInventory = await inventoryHeard();
      expect(toInventory).toMatchObject({ id: created.data.id, version: created.data.version });
      expect(toInventory.data).toMatchObject({ id: created.data.id, location_id: w.ids.main });
      // The API agrees: the row the warehouse did not hear is one it may not read.
      const warehouse = await w.api('warehouse');
      const refused = await warehouse.get(`${STOCK_ADJUSTMENTS.api}/${created.data.id}`);
      expect(refused.httpStatus).toBe(403);
    });
  });
});
