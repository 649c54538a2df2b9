import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** What a profile form says after a save it could not make; nothing when all went well. */
export type FormNotice = { tone: 'warning' | 'error'; message: string } | null;

/** The outcome of a form's last save that no field and no notification carries. */
export function FormNoticeAlert({ notice }: { notice: FormNotice }) {
  if (!notice) return null;
  const warning = notice.tone === 'warning';
  return (
    <Alert
      role="alert"
      variant="light"
      color={warning ? 'yellow' : 'red'}
      title={warning ? 'Changed elsewhere' : 'Not saved'}
      icon={<IconAlertTriangle size={18} />}
    >
      {notice.message}
    </Alert>
  );
}
