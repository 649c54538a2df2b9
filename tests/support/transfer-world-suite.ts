import { afterAll, beforeAll } from 'vitest';
import type { EntityApiClient } from './entity-crud.ts';
import type { Backend } from './test-server.ts';
import { startTransferWorld, type Order, type TransferWorld } from './transfer-fixtures.ts';

// The production transfer integration tests (tests/integration/production-transfers*.test.ts)
// on one transfer world per file: call it inside the suite's describe, it registers the
// world's beforeAll and afterAll, and hands the world's steps under the short names the tests
// read them by.

export function transferWorldSuite(backend: Backend) {
  let started: TransferWorld | undefined;
  const as: Record<string, EntityApiClient> = {};
  beforeAll(async () => {
    started = await startTransferWorld(backend);
    Object.assign(as, started.as);
  });
  afterAll(async () => started?.close());
  const w = (): TransferWorld => {
    if (!started) throw new Error('the transfer world has not started');
    return started;
  };

  return {
    /** The world, once the suite's beforeAll has run. */
    get w() {
      return w();
    },
    as,
    db: () => w().db,
    order: (id: number) => w().order(id),
    step: (who: string, id: number, event: string, extra: object = {}) =>
      w().step(who, id, event, extra),
    skid: (id: number) => w().skid(id),
    transfer: (id: number) => w().transfer(id),
    transferEvent: (who: string, id: number, event: string, extra: object = {}) =>
      w().transferEvent(who, id, event, extra),
    load: (who: string, skidId: number, orderId: number, units: number) =>
      w().load(who, skidId, orderId, units),
    skidEvent: (who: string, skidId: number, event: string) => w().skidEvent(who, skidId, event),
    onHand: (locationId: number, lotId: number) => w().onHand(locationId, lotId),
    finishedLot: (orderId: number) => w().finishedLot(orderId),
    newSkid: () => w().newSkid(),
    awaitingTransfer: (units: number) => w().awaitingTransfer(units),
    onTransfer: (o: Order, units: number) => w().onTransfer(o, units),
    shipped: (trId: number) => w().shipped(trId),
  };
}
