import type { z } from 'zod';

// Translates zod issues into the field → code map of docs/product.md §5. A field gets its first
// problem only, the one a person should fix first. Unknown fields are named, not silently dropped.

export function issuesToCodes(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        fields[[...issue.path, key].join('.')] ??= 'This field is not accepted';
      }
      continue;
    }
    const field = issue.path.map(String).join('.') || 'body';
    fields[field] ??= codeFor(issue);
  }
  return fields;
}

/** The names a document's lines travel under. */
const LINE_LISTS = new Set(['lines', 'items']);

/** A docs/product.md §5 code, or a message shown as given (its `other`). */
function codeFor(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'required';
      if (issue.expected === 'number' || issue.expected === 'bigint') return 'numeric';
      if (issue.expected === 'int') return 'integer';
      return 'in';
    case 'too_big':
      return issue.origin === 'string' ? 'max' : issue.origin === 'array' ? 'size' : 'max';
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'required';
      // A document sent without the lines it needs says what to do, not "Invalid size".
      if (issue.origin === 'array' && LINE_LISTS.has(String(issue.path.at(-1)))) {
        const least = Number(issue.minimum);
        return `Add at least ${least} ${least === 1 ? 'line' : 'lines'}`;
      }
      return issue.origin === 'string' || issue.origin === 'array' ? 'size' : issue.message;
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'in';
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return 'in';
    case 'not_multiple_of':
      return 'integer';
    default:
      return issue.message;
  }
}
