import { formatInteger } from '../formats/number.format.ts';

// What an applied import made, as sentences with links to the records, from the `result` its
// kind reports (server/imports/*.importer.ts): counts (`orders_created: 2`), counts of one
// thing (`customers: {created, updated, skipped}`), the records made (`purchase_orders:
// [{id, number}]`), one record (`change_set: {id, number}`) and codes (`skipped_refs`).

/** Where the records a result lists open, by the result's key (`:id` their id). */
const RECORD_PATHS: Readonly<Record<string, string>> = {
  stock_adjustments: '/inventory/stock-adjustment/:id',
  purchase_orders: '/purchase/:id',
  orders: '/sale/:id',
  change_set: '/inventory/change_summary/:id',
};

/** What a result's key is called where the key alone reads badly. */
const NAMES: Readonly<Record<string, string>> = {
  skipped_refs: 'References already imported, left as they were',
  orders: 'Orders',
  change_set: 'Change set',
  change_requests: 'change requests submitted for approval',
};

export type SummaryRecord = { label: string; href: string | null };
export type SummaryLine = { text: string; records: SummaryRecord[] };

const words = (key: string) => NAMES[key] ?? key.replace(/_/g, ' ');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Loose = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function recordOf(key: string, value: Loose): SummaryRecord | null {
  const label =
    typeof value.number === 'string'
      ? value.number
      : typeof value.code === 'string'
        ? `${value.code}${typeof value.recipe_version === 'number' ? ` v${value.recipe_version}` : ''}`
        : null;
  if (label === null) return null;
  const path = RECORD_PATHS[key];
  const href = path && typeof value.id === 'number' ? path.replace(':id', String(value.id)) : null;
  return { label, href };
}

/** The lines of `result`; a failed job's `error` is said elsewhere and left out. */
export function importSummary(result: Loose | null | undefined): SummaryLine[] {
  if (!result) return [];
  const lines: SummaryLine[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (key === 'error' || value === null || value === undefined) continue;
    if (typeof value === 'number') {
      // Nothing of a kind happened: not worth a line.
      if (value === 0) continue;
      // `orders_created: 2` reads "Orders created: 2".
      lines.push({ text: `${capital(words(key))}: ${formatInteger(value)}`, records: [] });
    } else if (Array.isArray(value)) {
      const records = value
        .flatMap((v) => (isObject(v) ? [recordOf(key, v)] : []))
        .flatMap((r) => (r ? [r] : []));
      if (records.length > 0) {
        lines.push({ text: `${capital(words(key))} (${formatInteger(records.length)}):`, records });
      } else if (value.length > 0) {
        lines.push({
          text: `${capital(words(key))}: ${value.map(String).join(', ')}`,
          records: [],
        });
      }
    } else if (isObject(value)) {
      const record = recordOf(key, value);
      if (record) {
        lines.push({ text: `${capital(words(key))}:`, records: [record] });
        continue;
      }
      // `customers: {created: 2, updated: 1}` reads "Customers: 2 created, 1 updated", and
      // `price_tiers: {prices_created: 5}` "Price tiers: prices created 5".
      const counts = Object.entries(value)
        .filter(([, n]) => typeof n === 'number' && n !== 0)
        .map(([what, n]) =>
          what.includes('_')
            ? `${words(what)} ${formatInteger(n as number)}`
            : `${formatInteger(n as number)} ${words(what)}`,
        );
      if (counts.length > 0)
        lines.push({ text: `${capital(words(key))}: ${counts.join(', ')}`, records: [] });
    }
  }
  // The counts first, then the records (a job's result is stored as jsonb, in its own order).
  return [
    ...lines.filter((l) => l.records.length === 0),
    ...lines.filter((l) => l.records.length > 0),
  ];
}
