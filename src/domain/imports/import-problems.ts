import { VALIDATION_MESSAGES } from '../validation-codes.ts';
import type { ImportColumn } from './import-column.ts';

// A refused import row's problems in words a person acts on: what is wrong with which cell and
// what would be right, from the row's `{column: code}` errors (the §5 codes the API answers),
// its cells as the file had them and the kind's columns. `customer: exists` reads
// `No active customer NOPE-1; customer codes look like C-0001`. The import screens, the job's
// rows and the sales import log all say it this way.

const quoted = (value: string) => `"${value}"`;

/** `expected_date` → `Expected date`, for a key no column declares. */
const wordsOf = (key: string) => {
  const words = key.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** ` (expected: yyyy-MM-dd)`: the column's hint as what would be right, if it has one. */
const right = (column: ImportColumn | undefined) => {
  const hint = column?.hint;
  if (!hint) return '';
  // `Above 0` reads "above 0" inside the sentence; `SKU of…` keeps its capitals.
  const lower = /^[A-Z][a-z]/.test(hint) ? hint.charAt(0).toLowerCase() + hint.slice(1) : hint;
  return ` (expected: ${lower})`;
};

/** One cell's problem: `code` is a §5 code or a message of its own. */
export function importProblem(
  key: string,
  code: string,
  value: string | undefined,
  column: ImportColumn | undefined,
): string {
  const label = column?.label ?? wordsOf(key);
  const cell = (value ?? '').trim();
  switch (code) {
    case 'exists':
      return column?.refers
        ? `No ${column.refers.what} ${cell}; ${column.refers.codes} look like ${column.refers.example}`
        : `${label} ${quoted(cell)} is not in the system${right(column)}`;
    case 'required':
    case 'requiredif':
      return `${label} is empty${right(column)}`;
    case 'numeric':
      return `${label} ${quoted(cell)} is not a number${right(column)}`;
    case 'integer':
      return `${label} ${quoted(cell)} is not a whole number${right(column)}`;
    case 'in':
      return `${label} ${quoted(cell)} is not accepted${right(column)}`;
    case 'max':
      return `${label} is too long (${cell.length} characters)${right(column)}`;
    case 'unique':
      return `${label} ${quoted(cell)} repeats an earlier row of the file`;
    default:
      // A code this list does not word reads as the shared table has it; a message of its own
      // is shown under its column's name, unless it names the column itself.
      if (Object.hasOwn(VALIDATION_MESSAGES, code))
        return `${label}: ${VALIDATION_MESSAGES[code as keyof typeof VALIDATION_MESSAGES]}`;
      return code.toLowerCase().startsWith(label.toLowerCase()) ? code : `${label}: ${code}`;
  }
}

/** Every problem of a refused row, as sentences of one line. */
export function importProblems(
  errors: Readonly<Record<string, string>> | null | undefined,
  values: Readonly<Record<string, string>> | null | undefined,
  columns: readonly ImportColumn[],
): string {
  return Object.entries(errors ?? {})
    .map(([key, code]) =>
      importProblem(
        key,
        code,
        values?.[key],
        columns.find((c) => c.key === key),
      ),
    )
    .join('. ');
}
