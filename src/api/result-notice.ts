import { normalizeStatus, statusLabel } from '../domain/status-tags.ts';
import { formatPercent } from '../domain/formats/percent.format.ts';
import { isSet } from './bool-to-int.ts';

// What a finished action tells the person: the server's message when it sent one, else what
// happened to which record ('Product FG-0042 created', 'Order MO-00012: Batching'), in the
// colour of the outcome. Every notice is built here, so no screen says 'successfully executed'
// about a failed batch again. A workflow event's notice is read off the record the server
// answered, never off the event's name: the server may decide otherwise than the button
// suggests (a result below the pass mark fails the training the trainer meant to complete),
// and the notice must not contradict where the record now stands.

/** success: it happened as asked; warning: it did not happen; failure: it happened and failed. */
export type NoticeTone = 'success' | 'warning' | 'failure';

export type ResultNotice = { tone: NoticeTone; title: string; message: string };

type Row = Readonly<Record<string, unknown>>;

const TITLES: Record<NoticeTone, string> = {
  success: 'Done',
  warning: 'Not done',
  failure: 'Failed',
};

/** A server message worth showing: not empty, not 'ok', not a bare code like `validation_error`. */
function spoken(serverMessage: string | undefined): serverMessage is string {
  return !!serverMessage && serverMessage !== 'ok' && !/^[a-z_]+$/.test(serverMessage);
}

/** The generic result notification: the server's message, or '{label} (not) successfully executed'. */
export function resultNotice(label: string, ok: boolean, serverMessage?: string): ResultNotice {
  const tone: NoticeTone = ok ? 'success' : 'warning';
  const message = spoken(serverMessage)
    ? serverMessage
    : `${label} ${ok ? 'successfully executed' : 'not executed'}`;
  return { tone, title: TITLES[tone], message };
}

/** What people call a record: its number, sku, code, username or name, whichever it has. */
export function recordName(row: Row | null | undefined): string | null {
  for (const key of ['number', 'sku', 'code', 'username', 'name', 'title', 'key']) {
    const value = row?.[key];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') {
      return String(value);
    }
  }
  return null;
}

const subject = (label: string, row: Row | null | undefined, nameField?: string) => {
  const own = nameField === undefined ? undefined : row?.[nameField];
  const name = typeof own === 'string' && own.trim() !== '' ? own : recordName(row);
  return name === null ? label : `${label} ${name}`;
};

/** A form's record written: 'Product FG-0042 created', 'User jdoe saved', 'Recipe R-7 deleted'. */
export function recordNotice(
  label: string,
  row: Row | null | undefined,
  what: 'created' | 'saved' | 'deleted',
): ResultNotice {
  return { tone: 'success', title: TITLES.success, message: `${subject(label, row)} ${what}` };
}

// Verbs whose past tense the '+ed' rule gets wrong, and events that read better as a phrase.
const IRREGULAR: Readonly<Record<string, string>> = {
  hold: 'put on hold',
  send: 'sent',
  ship: 'shipped',
  transfer: 'transferred',
  scrap: 'scrapped',
  stop: 'stopped',
  submit: 'submitted',
  cancel: 'cancelled',
  override: 'overridden',
  retest: 'sent for a retest',
  rework: 'sent for rework',
  issue: 'issued',
  make: 'made',
  make_effective: 'made effective',
  ship_partial: 'partially shipped',
  request_changes: 'changes requested',
  hplc_pass: 'HPLC passed',
  hplc_fail: 'HPLC failed',
  mark_empty: 'marked empty',
};

function past(verb: string): string {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (verb.endsWith('e')) return `${verb}d`;
  if (verb.endsWith('y') && !/[aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  return `${verb}ed`;
}

/** An event said as done: `start_batching` → 'batching started', `approve` → 'approved'. */
export function eventDone(event: string): string {
  if (IRREGULAR[event]) return IRREGULAR[event];
  const [verb = event, ...rest] = event.split('_');
  const done = past(verb);
  return rest.length === 0 ? done : `${rest.join(' ')} ${done}`;
}

/** What the record an event answered says of it, and what names it. */
export type EventOutcome = {
  /** The record as the server answered the event; without it the event's name is all there is. */
  readonly after?: Row | null;
  /** The field that names the record (the entity's label field) before number, code or name. */
  readonly nameField?: string;
};

/** A status that says the record failed (failed, hplc_failed): told in red, as a failure. */
export function isFailureStatus(status: string): boolean {
  return /(^|_)fail(ed)?($|_)/.test(normalizeStatus(status));
}

/**
 * A workflow event sent. With the record the server answered, its status says what happened
 * ('Training SOP-1 rev 2: Failed', red for a failure), or, when the event left the status as it
 * was, the event as done and the status it is still in; without one, the event as done
 * ('Production order MO-00012: batching started').
 */
export function eventNotice(
  label: string,
  row: Row | null | undefined,
  event: string,
  outcome: EventOutcome = {},
): ResultNotice {
  const { after, nameField } = outcome;
  const name = subject(label, after ?? row, nameField);
  const title = statusLabel(event);
  const status = typeof after?.status === 'string' && after.status !== '' ? after.status : null;
  if (status === null) return { tone: 'success', title, message: `${name}: ${eventDone(event)}` };
  const tone: NoticeTone = isFailureStatus(status) ? 'failure' : 'success';
  const message =
    status === row?.status
      ? `${name}: ${eventDone(event)}, still ${statusLabel(status).toLowerCase()}`
      : `${name}: ${statusLabel(status)}`;
  return { tone, title, message };
}

const percent = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? `${formatPercent(value, 1)} of claim`
    : null;

/**
 * An HPLC result as the lab entered it (the request row the server answers with): a pass is
 * green, a failure red and said as one, with the % of claim and where the batch goes next.
 */
export function hplcResultNotice(request: Row): ResultNotice {
  const passed = isSet(request.passed);
  const claim = percent(request.percent_of_claim);
  const order =
    typeof request.production_order_number === 'string'
      ? `order ${request.production_order_number}`
      : typeof request.recovery_number === 'string'
        ? `recovery ${request.recovery_number}`
        : null;
  const next = passed ? order && `${order} may go on` : `${order ? `${order} ` : ''}sent to QA`;
  const parts = [passed ? 'PASSED' : 'FAILED', claim, next].filter((p) => p !== null);
  return {
    tone: passed ? 'success' : 'failure',
    title: passed ? 'HPLC passed' : 'HPLC failed',
    message: `HPLC result saved: ${parts.join(', ')}`,
  };
}
