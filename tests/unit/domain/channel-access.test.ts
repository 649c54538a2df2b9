import { describe, expect, it } from 'vitest';
import { canJoinChannel } from '../../../src/domain/channel-access.ts';
import { MODULES } from '../../../src/domain/modules.ts';
import { rolesFor } from '../../../src/domain/access.ts';
import { allEntities } from '../../../src/domain/entities/entity-registry.ts';

// The transfer and shipping dashboards' channels follow the Transfer page
// row of docs/product.md §6.

const user = (role: string) => ({ id: 1, roles: [role], modules: MODULES });

describe('channel access of the transfer and shipping dashboards', () => {
  it.each(['private-production.transfer', 'private-production.shipping'])(
    'lets the Transfer page roles join %s and no one else',
    (channel) => {
      for (const role of ['admin', 'transfer', 'shipping', 'bottler', 'manager', 'planning']) {
        expect(canJoinChannel(user(role), channel), role).toBe(true);
      }
      for (const role of ['sale', 'warehouse', 'inventory', 'requester', 'recovery']) {
        expect(canJoinChannel(user(role), channel), role).toBe(false);
      }
    },
  );
});

describe('channel access of the daily orders', () => {
  it('lets the Daily orders row of docs/product.md §6 join private-production.daily-orders', () => {
    const channel = 'private-production.daily-orders';
    for (const role of ['admin', 'requester', 'supervisor_batcher', 'hplc_tech', 'qa_manager']) {
      expect(canJoinChannel(user(role), channel), role).toBe(true);
    }
    for (const role of ['batcher', 'transfer', 'production_reports', 'sale']) {
      expect(canJoinChannel(user(role), channel), role).toBe(false);
    }
  });
});

describe('channel access follows the screens that show the channel', () => {
  it.each(allEntities().filter((e) => e.channel !== undefined))(
    "lets every role of $api's area join its channel",
    (entity) => {
      // A personal channel (`private-users.{me}`) is each person's own.
      const refused = rolesFor(entity.area).filter((role) => {
        const person = user(role);
        return !canJoinChannel(person, (entity.channel ?? '').replace('{me}', String(person.id)));
      });
      expect(refused, `${entity.channel ?? ''} refuses`).toEqual([]);
    },
  );

  it('gives the recipes and QR label screens their live updates', () => {
    expect(canJoinChannel(user('batcher'), 'private-production.recipes')).toBe(true);
    expect(canJoinChannel(user('recipe_approval'), 'private-production.recipes')).toBe(true);
    expect(canJoinChannel(user('requester'), 'private-production.qr-labels')).toBe(true);
    expect(canJoinChannel(user('sale'), 'private-production.recipes')).toBe(false);
    expect(canJoinChannel(user('labeler'), 'private-production.qr-labels')).toBe(false);
  });
});

describe('channel access needs the module enabled', () => {
  it('refuses a channel whose module the user lacks, admin included', () => {
    const withoutInventory = MODULES.filter((m) => m !== 'inventory');
    for (const role of ['admin', 'inventory']) {
      const has = { id: 1, roles: [role], modules: MODULES };
      const lacks = { id: 1, roles: [role], modules: withoutInventory };
      expect(canJoinChannel(has, 'private-inventory.stock'), role).toBe(true);
      expect(canJoinChannel(lacks, 'private-inventory.stock'), role).toBe(false);
    }
  });

  it('keeps the personal and home channels open whatever the modules', () => {
    const none = { id: 7, roles: ['sealer'], modules: [] };
    expect(canJoinChannel(none, 'private-users.7')).toBe(true);
    expect(canJoinChannel(none, 'presence-dashboard.home')).toBe(true);
  });
});

describe('cache twins of channels', () => {
  it('lets whoever sees a channel join its private cache twin, and nobody else', () => {
    expect(canJoinChannel(user('inventory'), 'private-cache-inventory.stock')).toBe(true);
    expect(canJoinChannel(user('sale'), 'private-cache-inventory.stock')).toBe(false);
    expect(canJoinChannel(user('planning'), 'presence-cache-dashboard.production')).toBe(true);
  });
});
