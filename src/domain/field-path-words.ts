// A field path the server names a problem under (`lines.0.qty`, `items.2.lot_no`,
// `ship_to_address_id`) as a person says it ('Line 1 quantity', 'Item 3 lot number', 'Ship
// to address'): a message shown to someone never starts with a path into the request body.

/** Words for the short names a path uses, where the name alone reads badly. */
const WORDS: Readonly<Record<string, string>> = {
  qty: 'quantity',
  uom: 'unit',
  lot_no: 'lot number',
  po: 'PO',
  sku: 'SKU',
  upc: 'UPC',
  coa: 'CoA',
};

function nameWords(name: string): string {
  if (WORDS[name]) return WORDS[name];
  return name
    .replace(/_id$/, '')
    .split('_')
    .map((word) => WORDS[word] ?? word)
    .join(' ');
}

/** `lines` → 'line': the one row of a list a numbered segment picks. */
const singular = (name: string) => nameWords(name).replace(/ies$/, 'y').replace(/s$/, '');

/** `lines.0.qty` → 'Line 1 quantity'; `body` (the request as a whole) → ''. */
export function fieldPathWords(path: string): string {
  if (path === 'body' || path === '') return '';
  const parts = path.split('.');
  const words: string[] = [];
  parts.forEach((part, i) => {
    if (/^\d+$/.test(part)) {
      const list = parts[i - 1];
      // The list's name was said as its row: 'Line 1', not 'Lines line 1'.
      if (list !== undefined && words.at(-1) === nameWords(list)) words.pop();
      words.push(`${list ? singular(list) : 'row'} ${Number(part) + 1}`);
    } else {
      words.push(nameWords(part));
    }
  });
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
