import { ApiError, ruleError } from './api-error.ts';

/** What a workflow machine's decision says when it refuses: the guard that failed and why. */
export type Refusal = { readonly check: string; readonly reason: string };

/**
 * A refused workflow event as the API answers it (domain.md §0): 403 when the role may not
 * (`isPermitted`), `required` under `reason` when a reason is missing (`hasReason`), otherwise
 * 422 with the machine's message under the field its guard is about (`fields[check]`), or
 * under `status` for a guard on where the document stands.
 */
export function refuseEvent(
  refusal: Refusal,
  fields: Readonly<Record<string, string>> = {},
): never {
  if (refusal.check === 'isPermitted') throw new ApiError(refusal.reason, null, 403);
  if (refusal.check === 'hasReason') throw ruleError('reason', 'required');
  throw ruleError(fields[refusal.check] ?? 'status', refusal.reason);
}
