import { Button, Group, Modal, Text } from '@mantine/core';
import { formatDateTime } from '../../../domain/formats/date.format.ts';
import { RecordChangeList } from './record-change-list.tsx';
import type { StaleNotice } from './stale-version.ts';

// 409 stale_version: someone saved this record after it was read here. Nothing was written;
// the dialog says what their save changed (once their version is read), Reload takes their
// version and keeps what was typed here on top of it, Cancel changes nothing (a later save
// asks again). A workflow step refused the same way shows it too (document-actions.tsx).

export interface StaleVersionDialogProps {
  notice: StaleNotice | null;
  onReload: () => void;
  onCancel: () => void;
  /** What Reload keeps, said under the changes (a workflow step has no typed values). */
  reloadNote?: string;
}

export function staleMessage(notice: StaleNotice): string {
  const who = notice.name ?? 'another user';
  const when = notice.at ? formatDateTime(notice.at) || notice.at : 'a moment ago';
  return `Changed by ${who} at ${when}`;
}

const RELOAD_KEEPS_TYPED =
  'Nothing was saved. Reload takes the saved version and keeps your typed values on top of it, so you can compare them and save again.';

export function StaleVersionDialog({
  notice,
  onReload,
  onCancel,
  reloadNote = RELOAD_KEEPS_TYPED,
}: StaleVersionDialogProps) {
  return (
    <Modal opened={notice !== null} onClose={onCancel} title="Record changed" centered>
      {notice && (
        <>
          <Text size="sm" mb="xs">
            {staleMessage(notice)}
          </Text>
          {notice.changes && <RecordChangeList changes={notice.changes} />}
          <Text size="sm" c="dimmed" mt="xs">
            {reloadNote}
          </Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={onReload} data-autofocus>
              Reload
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
