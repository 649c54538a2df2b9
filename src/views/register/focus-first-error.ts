import type { FormErrors } from '@mantine/form';

/**
 * Moves focus to the first field, in `order`, that has an error, so a keyboard user who
 * pressed Enter lands on what to fix. Fields are found by the `data-path` @mantine/form gives
 * each input.
 */
export function focusFirstError(
  form: { getInputNode: (path: string) => HTMLElement | null },
  errors: FormErrors,
  order: readonly string[],
): void {
  const first = order.find((field) => errors[field] !== undefined && errors[field] !== null);
  if (first) form.getInputNode(first)?.focus();
}
