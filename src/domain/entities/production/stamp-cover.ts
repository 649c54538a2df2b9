import { z } from 'zod';

// Days of excise stamp cover per jurisdiction (docs/domain/production.md "Stamp cover"), read
// from GET /api/production/stamp-cover by the cover panel of the stamp screens and the wall.
// The arithmetic lives here so the server's answer and the tests' hand-computed figures are
// the same code.

/** What a reel request to the stamp supplier goes through (`stamp_reel_requests.status`). */
export const REEL_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'received'] as const;

export type ReelRequestStatus = (typeof REEL_REQUEST_STATUSES)[number];

/**
 * Where reel requests are read and decided, and where their changes are heard: the cover's
 * channel, `reel_request.created` when one is drafted and `reel_request.updated` when it is
 * decided or received (beside `cover.changed`, which the cover panel hears). The approval
 * inbox sends its events to `${api}/:id/events/:event`, as the pending reel approvals do.
 */
export const REEL_REQUESTS = {
  name: 'stamp_reel_requests',
  label: 'Reel request',
  api: '/api/production/reel-requests',
  channel: 'private-production.stamp-cover',
  event: 'reel_request',
  eventLabels: { receive: 'Mark received' },
} as const;

/** Rounding of a drafted request's stamps: the supplier sells them by the thousand. */
export const REEL_REQUEST_ROUND_TO = 1000;

export const stampCoverRowSchema = z.object({
  stamp_jurisdiction_id: z.number().int(),
  jurisdiction_code: z.string(),
  jurisdiction_name: z.string(),
  /** Stamps left on reels that are available, requested, issued or in use. */
  on_hand: z.number().int(),
  /** Reels recorded but not yet approved, and approved reel requests not yet received. */
  on_order: z.number().int(),
  /** Stamps still to put on released, in-progress and held production orders. */
  released_need: z.number().int(),
  /** The locked forecast's units still to come between today and its periods' end. */
  forecast_need: z.number().int(),
  /** Days the need is spread over: to the locked forecast's end, else the lead time. */
  horizon_days: z.number().int(),
  daily_need: z.number(),
  /** (on hand + on order) ÷ daily need, one decimal; null when nothing is needed. */
  cover_days: z.number().nullable(),
  lead_time_days: z.number().int(),
  /** 1 when the cover is below the lead time (booleans travel as 1/0, docs/architecture.md). */
  below_lead_time: z.union([z.literal(0), z.literal(1)]),
  /** Stamps a drafted request asks for: cover back to twice the lead time, by the thousand. */
  suggested_qty: z.number().int(),
  pending_request_id: z.number().int().nullable(),
  pending_request_version: z.number().int().nullable(),
});

export type StampCoverRow = z.infer<typeof stampCoverRowSchema>;

export type CoverInputs = {
  onHand: number;
  onOrder: number;
  releasedNeed: number;
  forecastNeed: number;
  /** Days from today to the last locked period's end (inclusive), or null with none ahead. */
  forecastDays: number | null;
  leadTimeDays: number;
};

export type CoverFigures = Pick<
  StampCoverRow,
  'horizon_days' | 'daily_need' | 'cover_days' | 'below_lead_time' | 'suggested_qty'
>;

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * The cover of one jurisdiction. The need (released orders' stamps plus the locked forecast's
 * remaining units) is spread over the forecast's remaining days; with no locked forecast ahead
 * it is spread over the lead time, since the released orders must be stamped before a reel
 * ordered today could arrive.
 */
export function coverFigures(input: CoverInputs): CoverFigures {
  const horizon = Math.max(1, input.forecastDays ?? input.leadTimeDays);
  const need = input.releasedNeed + input.forecastNeed;
  const daily = need / horizon;
  const supply = input.onHand + input.onOrder;
  const cover = daily > 0 ? oneDecimal(supply / daily) : null;
  const below = cover !== null && cover < input.leadTimeDays;
  const short = Math.max(0, daily * input.leadTimeDays * 2 - supply);
  return {
    horizon_days: horizon,
    daily_need: oneDecimal(daily),
    cover_days: cover,
    below_lead_time: below ? 1 : 0,
    suggested_qty: below
      ? Math.max(
          REEL_REQUEST_ROUND_TO,
          Math.ceil(short / REEL_REQUEST_ROUND_TO) * REEL_REQUEST_ROUND_TO,
        )
      : 0,
  };
}

/** A reel request as the pending reel approvals list it. */
export const reelRequestSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  stamp_jurisdiction_id: z.number().int(),
  jurisdiction_name: z.string(),
  stamps_qty: z.number().int(),
  status: z.enum(REEL_REQUEST_STATUSES),
  cover_days: z.number().nullable(),
  lead_time_days: z.number().int(),
  note: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  decided_by_name: z.string().nullable(),
});

export type ReelRequest = z.infer<typeof reelRequestSchema>;

export type ReelRequestEvent = 'approve' | 'reject' | 'receive';

type RequestTransition = {
  readonly from: ReelRequestStatus;
  readonly to: ReelRequestStatus;
  readonly label: string;
  readonly needsReason: boolean;
  /** Maker-checker: the person who drafted the request may not decide it. */
  readonly notDrafter: boolean;
};

/**
 * A reel request's lifecycle; the pending reel approvals' people (manager, stamp_inventory;
 * admin) send every event. Approving is ordering the reels from the supplier.
 */
export const REEL_REQUEST_TRANSITIONS: Record<ReelRequestEvent, RequestTransition> = {
  approve: {
    from: 'pending',
    to: 'approved',
    label: 'Approve',
    needsReason: false,
    notDrafter: true,
  },
  reject: { from: 'pending', to: 'rejected', label: 'Reject', needsReason: true, notDrafter: true },
  receive: {
    from: 'approved',
    to: 'received',
    label: 'Mark received',
    needsReason: false,
    notDrafter: false,
  },
};

/** Why `userId` may not send `event` to a request in `status` drafted by `createdBy`, or null. */
export function reelRequestRefusal(
  event: ReelRequestEvent,
  status: string,
  userId: number,
  createdBy: number | null,
): string | null {
  const t = REEL_REQUEST_TRANSITIONS[event];
  if (t.from !== status) return `A ${status} reel request cannot be ${t.to}`;
  if (t.notDrafter && createdBy === userId) {
    return 'You drafted this reel request: another person must decide it';
  }
  return null;
}
