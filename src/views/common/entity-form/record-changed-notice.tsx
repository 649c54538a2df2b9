import { Alert, Button, Group, Text } from '@mantine/core';
import { RecordChangeList } from './record-change-list.tsx';
import type { IncomingVersion } from './record-change.ts';

// Someone saved the record open here while this person has typed values: their version is
// held back so nothing typed is lost, and this says what it changed and by whom. Reload takes
// their version with the typed values kept on top; Keep editing hides this (a save then meets
// their version and says the same).

export interface RecordChangedNoticeProps {
  incoming: IncomingVersion | null;
  onReload: () => void;
  onKeepEditing: () => void;
}

export function RecordChangedNotice({
  incoming,
  onReload,
  onKeepEditing,
}: RecordChangedNoticeProps) {
  if (!incoming) return null;
  return (
    <Alert
      color="blue"
      // Polite: it appears while the person types, and must not take their focus.
      role="status"
      title={`Changed meanwhile by ${incoming.by ?? 'someone else'}`}
    >
      <RecordChangeList changes={incoming.changes} />
      <Text size="sm" c="dimmed" mt="xs">
        Your typed values are not saved yet. Reload shows their version with your values kept on top
        of it.
      </Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={onReload}>
          Reload
        </Button>
        <Button size="xs" variant="default" onClick={onKeepEditing}>
          Keep editing
        </Button>
      </Group>
    </Alert>
  );
}
