import { notify } from '../notify.tsx';
import { presentError } from '../../../api/error-presentation.ts';
import { errorText } from '../../../api/error-text.ts';
import { validationLines } from '../../../api/validation-messages.ts';

// Tells the person about a failed call the form made, without telling them twice: a call that
// is not `quiet` has already been shown by the shell's presenter when docs/product.md §8 names its
// code (validation, related records, privileges, session, server), so only the rest is shown here.
// A `quiet` call (update) is the form's alone, and is shown the spec's way.

export function showFailure(error: unknown, quiet: boolean): void {
  const shown = presentError(error, { path: window.location.pathname });
  if (!quiet && shown.kind !== 'none') return;
  switch (shown.kind) {
    case 'confirm':
      notify.confirm(shown.title, shown.message, () => window.location.reload());
      return;
    case 'alert':
      notify.error(shown.message, shown.title);
      return;
    case 'notification':
      notify.errorNotice(validationLines(error).join('\n'), shown.title);
      return;
    case 'none':
      notify.error(errorText(error));
  }
}
