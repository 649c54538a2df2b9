import type { Area } from './access.ts';
import { canUseArea, type AreaUser } from './area-modules.ts';
import { MODULES } from './modules.ts';
import { ROLES } from './roles.ts';

// Which users may join which realtime channel. Channels follow the access table of the screens
// that show them (docs/realtime.md), modules included; where several screens listen to one channel,
// the roles of any of them may join. A channel not listed here is refused to everyone but admin.

type ChannelRule = readonly [RegExp, readonly Area[] | 'authenticated'];

/** Channel names without their `private-`, `private-encrypted-` or `presence-` prefix. */
const CHANNEL_AREAS: readonly ChannelRule[] = [
  [/^general\.[\w-]+$/, ['general']],
  [/^inventory\.product-changes$/, ['inventory_changes']],
  [/^inventory\.transfers$/, ['stock_transfers']],
  [/^inventory\.packing-lists$/, ['stock_packing_lists']],
  [/^inventory\.counts$/, ['stock_floor']],
  // Only receivings announce on the documents channel.
  [/^inventory\.documents$/, ['stock_receivings']],
  [/^inventory\.[\w-]+$/, ['inventory']],
  [/^purchase\.[\w-]+$/, ['purchase']],
  // Sales imports and their log are sale's (with admin), not the read-only sales section's.
  [/^sales\.imports$/, ['sale']],
  // The vaping duty report's (nothing is announced there; its list polls).
  [/^sales\.vaping-duty$/, ['vaping_duty_report']],
  [/^sales\.[\w-]+$/, ['sales_orders']],
  [/^lab\.[\w-]+$/, ['lab_receiving']],
  [/^forecast$/, ['forecast']],
  [/^projects$/, ['projects']],
  // The project page lists its samples; the samples pages show their projects.
  [/^rd\.(projects|samples)$/, ['rd_projects', 'rd_samples', 'rd_recipe_change', 'rd_reports']],
  // Everyone's trainings: trainers and QA; a trainee hears their own on private-users.{id}.
  [/^training(\.settings)?$/, ['training_trainer']],
  [/^production\.dashboard$/, ['production_dashboard']],
  // The batching picking report reads the orders' picks.
  [/^production\.orders$/, ['production_orders', 'production_picking_report']],
  [/^production\.daily-orders$/, ['production_daily_orders']],
  // The transfer and shipping dashboards are both under the Transfer page row of
  // docs/product.md §6.
  [/^production\.(transfer|shipping)$/, ['production_transfer']],
  [/^production\.qr-labels$/, ['production_qr_codes']],
  [/^production\.recipes$/, ['production_recipes']],
  [/^production\.hplc$/, ['production_hplc']],
  [/^production\.stamping$/, ['production_stamping_orders']],
  [/^production\.stamping-corrections$/, ['production_stamping_corrections']],
  // Reels change on the reels pages, the pending reel approvals and the stamp reports; the
  // monthly stamp reconciliation announces its saves and its close there too.
  [
    /^production\.reels$/,
    [
      'production_reels',
      'production_pending_reel',
      'production_reports',
      'production_stamp_reconciliation',
    ],
  ],
  [/^production\.stamp-cover$/, ['production_stamp_cover']],
  [/^production\.corrections$/, ['production_order_corrections']],
  [/^production\.recoveries$/, ['production_recoveries']],
  [/^production\.maintenance$/, ['maintenance_admin']],
  [/^production\.machines$/, ['maintenance_requests', 'maintenance_admin']],
  [/^production\.imports$/, ['production_admin']],
  [/^production\.[\w-]+$/, ['production_main']],
  // Every import job's progress, for the Imports centre (docs/domain/imports.md §12).
  [/^imports\.jobs$/, ['imports']],
  [/^dashboard\.home$/, 'authenticated'],
  [/^dashboard\.(production|machines)$/, ['production_dashboard']],
  [/^dashboard\.(transfer|shipping)$/, ['production_transfer']],
  [/^dashboard\.assembly$/, ['assembly_dashboard']],
  // Assembly orders are admin's list and the crews' board; stamping news reaches the board's
  // reel picker and the stamp reports; shipping hears the transferred orders
  // (docs/domain/assembly.md §4).
  [/^assembly\.(orders|stamping)$/, ['assembly', 'assembly_dashboard']],
  [/^assembly\.shipping$/, ['assembly', 'assembly_shipping']],
  [/^assembly\.[\w-]+$/, ['assembly']],
];

const PREFIXES = ['private-encrypted-', 'private-', 'presence-'] as const;
const PERSONAL = /^users\.(\d+)$/;

export type ChannelUser = {
  readonly id: number | string;
  readonly roles: readonly string[];
  readonly modules: readonly string[];
};

/** Whether `user` may subscribe to `channel`; public channels need no authorisation at all. */
export function canJoinChannel(user: ChannelUser, channel: string): boolean {
  const prefix = PREFIXES.find((p) => channel.startsWith(p));
  if (!prefix) return false;
  // A cache channel (private-cache-…, presence-cache-…) is seen by whoever sees its plain twin.
  const name = channel.slice(prefix.length).replace(/^cache-/, '');
  const personal = PERSONAL.exec(name);
  if (personal) return String(user.id) === personal[1];
  const match = CHANNEL_AREAS.find(([pattern]) => pattern.test(name));
  if (!match) return user.roles.includes('admin');
  const [, areas] = match;
  return areas === 'authenticated' || areas.some((area) => canUseArea(user, area));
}

/** `private-users.7` and its kin: the one user's own channel. */
export function isPersonalChannel(channel: string): boolean {
  const prefix = PREFIXES.find((p) => channel.startsWith(p));
  return prefix !== undefined && PERSONAL.test(channel.slice(prefix.length).replace(/^cache-/, ''));
}

/** Whether `user` may read rows of `area` through the API: the check its GET routes make. */
export function canReadArea(user: AreaUser, area: Area): boolean {
  return canUseArea(user, area);
}

const widerThan = new Map<string, boolean>();

/**
 * Whether someone who may join `channel` may not read rows of `area`: a row published there
 * would then reach a reader the API refuses. Joining and reading both only grow with roles and
 * modules, so a user of at most one role and one module who joins but cannot read exists
 * whenever any such user does; those few are all that need trying.
 */
export function isChannelWiderThan(channel: string, area: Area): boolean {
  const key = `${channel} ${area}`;
  let wider = widerThan.get(key);
  if (wider === undefined) {
    wider = candidateUsers().some(
      (user) => canJoinChannel(user, channel) && !canReadArea(user, area),
    );
    widerThan.set(key, wider);
  }
  return wider;
}

function candidateUsers(): ChannelUser[] {
  const roleSets = [[], ...ROLES.map((r) => [r])];
  const moduleSets = [[], ...MODULES.map((m) => [m])];
  return roleSets.flatMap((roles) => moduleSets.map((modules) => ({ id: 0, roles, modules })));
}
