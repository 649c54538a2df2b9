import { canAccess, type Area } from './access.ts';

// Which users may join which realtime channel. Channels follow the access table of the screen
// that shows them (realtime.md); a channel not listed here is refused to everyone but admin.

/** Channel names without their `private-`, `private-encrypted-` or `presence-` prefix. */
const CHANNEL_AREAS: ReadonlyArray<readonly [RegExp, Area | 'authenticated']> = [
  [/^general\.[\w-]+$/, 'general'],
  [/^inventory\.product-changes$/, 'inventory_changes'],
  [/^inventory\.[\w-]+$/, 'inventory'],
  [/^production\.dashboard$/, 'production_dashboard'],
  [/^production\.orders$/, 'production_orders'],
  [/^production\.daily-orders$/, 'production_daily_orders'],
  // The transfer and shipping dashboards are both under the Transfer page row of spec §6.
  [/^production\.(transfer|shipping)$/, 'production_transfer'],
  [/^production\.hplc$/, 'production_hplc'],
  [/^production\.stamping$/, 'production_stamping_orders'],
  [/^production\.stamping-corrections$/, 'production_stamping_corrections'],
  [/^production\.reels$/, 'production_reels'],
  [/^production\.corrections$/, 'production_order_corrections'],
  [/^production\.recoveries$/, 'production_recoveries'],
  [/^production\.maintenance$/, 'maintenance_admin'],
  [/^production\.machines$/, 'maintenance_requests'],
  [/^production\.imports$/, 'production_admin'],
  [/^production\.[\w-]+$/, 'production_main'],
  [/^dashboard\.home$/, 'authenticated'],
  [/^dashboard\.(production|machines)$/, 'production_dashboard'],
  [/^dashboard\.(transfer|shipping)$/, 'production_transfer'],
  [/^dashboard\.assembly$/, 'assembly_dashboard'],
];

const PREFIXES = ['private-encrypted-', 'private-', 'presence-'] as const;

export type ChannelUser = { readonly id: number | string; readonly roles: readonly string[] };

/** Whether `user` may subscribe to `channel`; public channels need no authorisation at all. */
export function canJoinChannel(user: ChannelUser, channel: string): boolean {
  const prefix = PREFIXES.find((p) => channel.startsWith(p));
  if (!prefix) return false;
  const name = channel.slice(prefix.length);
  const personal = /^users\.(\d+)$/.exec(name);
  if (personal) return String(user.id) === personal[1];
  const match = CHANNEL_AREAS.find(([pattern]) => pattern.test(name));
  if (!match) return user.roles.includes('admin');
  const [, area] = match;
  return area === 'authenticated' || canAccess(user.roles, area);
}
