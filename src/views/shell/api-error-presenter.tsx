import { useEffect } from 'react';
import { apiFailures$ } from '../../api/api-failures.ts';
import { notify } from '../common/notify.tsx';

/**
 * Shows failed calls the way docs/product.md §8 says, whichever view made them: expired session and
 * server or database errors as Yes/Cancel confirmations that reload, related records and
 * missing privileges as an alert, validation errors as a notification listing the fields.
 */
export function ApiErrorPresenter() {
  useEffect(() => {
    const subscription = apiFailures$.subscribe((error) => {
      const path = window.location.pathname;
      // Loaded at the first failure: the wording of every error (field names, validation
      // messages) stays out of what the login page downloads.
      void import('../../api/error-presentation.ts').then(({ presentError }) => {
        const shown = presentError(error, { path });
        if (shown.kind === 'confirm')
          notify.confirm(shown.title, shown.message, () => window.location.reload());
        if (shown.kind === 'alert') notify.error(shown.message, shown.title);
        if (shown.kind === 'notification') notify.errorNotice(shown.message, shown.title);
      });
    });
    return () => subscription.unsubscribe();
  }, []);
  return null;
}
