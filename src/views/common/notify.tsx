import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { NoticeTone, ResultNotice } from '../../api/result-notice.ts';
import { NOTIFICATION_DURATION_MS } from '../../domain/constants.ts';

// The one way views tell people things (docs/product.md §8, §9): notifications for success (5 s)
// and warnings or information (10 s), a modal with OK for errors, a Yes/Cancel modal for the
// confirmations. <Notifications limit> shows two at once and queues the rest; modals show one
// at a time and queue the rest, and a message already waiting is not queued twice, so a burst
// of failing calls asks once.

const openModals = new Set<string>();

function openOnce(key: string, open: (onClose: () => void) => void): void {
  if (openModals.has(key)) return;
  openModals.add(key);
  open(() => openModals.delete(key));
}

/** The modals went with their provider (the app unmounted) without closing: none waits now. */
export function forgetOpenModals(): void {
  openModals.clear();
}

const body = (message: string) => (
  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
    {message}
  </Text>
);

// The colour of the outcome: a failure that happened (a failed HPLC result) is red like an
// error, though it is not one; only what happened as asked goes away after 5 s.
const TONES: Record<NoticeTone, { color: string; autoClose: number }> = {
  success: { color: 'green', autoClose: NOTIFICATION_DURATION_MS.success },
  warning: { color: 'yellow', autoClose: NOTIFICATION_DURATION_MS.warning },
  failure: { color: 'red', autoClose: NOTIFICATION_DURATION_MS.other },
};

export const notify = {
  /** What an action did (result-notice.ts), in the colour of its outcome. */
  result(notice: ResultNotice): void {
    notifications.show({ ...TONES[notice.tone], title: notice.title, message: notice.message });
  },
  success(message: string, title = 'Success'): void {
    notifications.show({
      color: 'green',
      title,
      message,
      autoClose: NOTIFICATION_DURATION_MS.success,
    });
  },
  warning(message: string, title = 'Warning'): void {
    notifications.show({
      color: 'yellow',
      title,
      message,
      autoClose: NOTIFICATION_DURATION_MS.warning,
    });
  },
  info(message: string, title = 'Info'): void {
    notifications.show({ color: 'blue', title, message, autoClose: NOTIFICATION_DURATION_MS.info });
  },
  /** A red notification, for the 'Validation Error' list of docs/product.md §8. */
  errorNotice(message: string, title = 'Error'): void {
    notifications.show({ color: 'red', title, message, autoClose: NOTIFICATION_DURATION_MS.other });
  },
  /** Errors are a modal alert with OK (docs/product.md §9). */
  error(message: string, title = 'Error'): void {
    openOnce(`${title}\n${message}`, (onClose) =>
      modals.openConfirmModal({
        title,
        children: body(message),
        labels: { confirm: 'OK', cancel: '' },
        cancelProps: { display: 'none' },
        onClose,
      }),
    );
  },
  /** Yes / Cancel; `onYes` runs only on Yes. */
  confirm(title: string, message: string, onYes: () => void): void {
    openOnce(`${title}\n${message}`, (onClose) =>
      modals.openConfirmModal({
        title,
        children: body(message),
        labels: { confirm: 'Yes', cancel: 'Cancel' },
        onConfirm: onYes,
        onClose,
      }),
    );
  },
};
