import { describe, expect, it } from 'vitest';
import { canJoinChannel } from '../../../src/domain/channel-access.ts';

// The transfer and shipping dashboards' channels follow the Transfer page row of spec §6.

const user = (role: string) => ({ id: 1, roles: [role] });

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
  it('lets the Daily orders row of spec §6 join private-production.daily-orders', () => {
    const channel = 'private-production.daily-orders';
    for (const role of ['admin', 'requester', 'supervisor_batcher', 'hplc_tech', 'qa_manager']) {
      expect(canJoinChannel(user(role), channel), role).toBe(true);
    }
    for (const role of ['batcher', 'transfer', 'production_reports', 'sale']) {
      expect(canJoinChannel(user(role), channel), role).toBe(false);
    }
  });
});
