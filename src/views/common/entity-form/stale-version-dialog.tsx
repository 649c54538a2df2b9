import { Button, Group, Modal, Text } from '@mantine/core';
import { formatDateTime } from '../../../domain/formats/date.format.ts';
import type { StaleNotice } from './stale-version.ts';

// 409 stale_version: someone saved this record after it was read here. Nothing was written;
// Reload takes their version and keeps what was typed here on top of it, Cancel changes
// nothing (a later save asks again).

export interface StaleVersionDialogProps {
  notice: StaleNotice | null;
  onReload: () => void;
  onCancel: () => void;
}

export function staleMessage(notice: StaleNotice): string {
  const who = notice.name ?? 'another user';
  const when = notice.at ? formatDateTime(notice.at) || notice.at : 'a moment ago';
  return `Changed by ${who} at ${when}`;
}

export function StaleVersionDialog({ notice, onReload, onCancel }: StaleVersionDialogProps) {
  return (
    <Modal opened={notice !== null} onClose={onCancel} title="Record changed" centered>
      {notice && (
        <>
          <Text size="sm">{staleMessage(notice)}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            Nothing was saved. Reload takes the saved version and keeps your typed values on top of
            it, so you can compare them and save again.
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
