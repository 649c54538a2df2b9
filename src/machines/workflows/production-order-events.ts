// A production order's workflow events by name: the machine takes them, and its rules say who
// may send each (production-order.rules.ts), so both read the names from here.

export const ORDER_EVENTS = [
  'submit',
  'approve',
  'reject',
  'release',
  'cancel',
  'hold',
  'resume',
  'close',
  'scrap',
  'start_batching',
  'finish_batching',
  'hplc_pass',
  'hplc_fail',
  'retest',
  'rework',
  'override',
  'start_bottling',
  'finish_bottling',
  'finish_labeling',
  'finish_stamping',
  'transfer_received',
] as const;
export type OrderEventName = (typeof ORDER_EVENTS)[number];
