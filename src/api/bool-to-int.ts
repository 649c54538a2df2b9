// Spec §7: booleans in response data reach the views as 1 and 0, the way the legacy console's
// grids and forms expect them. `Flagged<T>` is the type the conversion produces.

export type Flag = 0 | 1;

// A Date stays a Date, as boolToInt leaves every object but a plain one: a row type that allows
// one (a datetime as the server reads it, row-of.ts) is still that row's type once flagged.
export type Flagged<T> = T extends boolean
  ? Flag
  : T extends Date
    ? T
    : T extends readonly (infer U)[]
      ? Flagged<U>[]
      : T extends object
        ? { [K in keyof T]: Flagged<T[K]> }
        : T;

/** Deep copy of `value` with every boolean replaced by 1 or 0; other values are untouched. */
export function boolToInt<T>(value: T): Flagged<T> {
  return convert(value) as Flagged<T>;
}

function convert(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return value.map(convert);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Whether a boolean that came over the wire (1/0, or true/false before conversion) is set. */
export function isSet(value: unknown): boolean {
  return value === 1 || value === true;
}
