/** A row's value as text: strings and numbers as they are, anything else (null) as nothing. */
export function rowText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
