import { List, Text } from '@mantine/core';
import type { RecordChange } from './record-change.ts';

// What another save changed, one field a line, as the page reads it: "Status: Draft →
// Confirmed". Shown by the notice of a version held back and by the stale-version dialog.

const EMPTY = '(empty)';

export function RecordChangeList({ changes }: { changes: readonly RecordChange[] }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing this page shows changed.
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} aria-label="What changed">
      {changes.map((change) => (
        <List.Item key={change.name}>
          <Text span size="sm" fw={600}>
            {change.label}:
          </Text>{' '}
          {change.from || EMPTY} → {change.to || EMPTY}
        </List.Item>
      ))}
    </List>
  );
}
