// Query serialisation of docs/product.md §7: arrays in bracket form (`a[]=1&a[]=2`), nested objects
// as `filter[0][field]=x`, booleans as 1 and 0. Arrays of objects carry their index so each
// object's fields stay together; arrays of scalars use empty brackets.

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Date
  | readonly QueryValue[]
  | { readonly [key: string]: QueryValue };

export type QueryParams = { readonly [key: string]: QueryValue };

/** `{a: [1, 2], on: true}` → `a%5B%5D=1&a%5B%5D=2&on=1`; null and undefined are left out. */
export function toQueryString(params: QueryParams): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) collect(key, value, pairs);
  return pairs.join('&');
}

function collect(key: string, value: QueryValue, pairs: string[]): void {
  if (value === null || value === undefined) return;
  if (isList(value)) {
    const items = value;
    const scalar = items.every((v) => !isNested(v));
    items.forEach((item, i) => collect(scalar ? `${key}[]` : `${key}[${i}]`, item, pairs));
    return;
  }
  if (isNested(value)) {
    for (const [k, v] of Object.entries(value)) collect(`${key}[${k}]`, v, pairs);
    return;
  }
  pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(scalarText(value))}`);
}

// Array.isArray does not narrow readonly arrays, hence this guard.
function isList(value: QueryValue): value is readonly QueryValue[] {
  return Array.isArray(value);
}

function isNested(value: QueryValue): value is { readonly [key: string]: QueryValue } {
  return typeof value === 'object' && value !== null && !(value instanceof Date);
}

function scalarText(value: string | number | boolean | Date): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}
