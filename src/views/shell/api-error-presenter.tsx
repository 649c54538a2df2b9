import { useEffect } from 'react';
import { apiFailures$ } from '../../api/api-failures.ts';
import { presentError } from '../../api/error-presentation.ts';
import { notify } from '../common/notify.tsx';

/**
 * Shows failed calls the way spec §8 says, whichever view made them: expired session and
 * server or database errors as Yes/Cancel confirmations that reload, related records and
 * missing privileges as an alert, validation errors as a notification listing the fields.
 */
export function ApiErrorPresenter() {
  useEffect(() => {
    const subscription = apiFailures$.subscribe((error) => {
      const shown = presentError(error, { path: window.location.pathname });
      if (shown.kind === 'confirm')
        notify.confirm(shown.title, shown.message, () => window.location.reload());
      if (shown.kind === 'alert') notify.error(shown.message, shown.title);
      if (shown.kind === 'notification') notify.errorNotice(shown.message, shown.title);
    });
    return () => subscription.unsubscribe();
  }, []);
  return null;
}
