import {
  ActionIcon,
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  Indicator,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useState } from 'react';
import { formatTime } from '../../../domain/formats/date.format.ts';
import { useObservable } from '../../../streams/use-observable.ts';
import type { ErrorLog, ErrorLogEntry } from './error-log.store.ts';

/** The top bar's error-log button: a count, and a drawer with every entry and Clear All. */
export function ErrorLogButton({ log }: { log: ErrorLog }) {
  const entries = useObservable(log.entries$, []);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label="Error log">
        <Indicator
          disabled={entries.length === 0}
          label={entries.length}
          size={16}
          color="red"
          offset={4}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Error log"
            onClick={() => setOpen(true)}
          >
            <IconBug size={20} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        title="Error log"
        position="right"
        size="lg"
      >
        <Group justify="space-between" mb="sm">
          <Text size="sm" c="dimmed">
            {entries.length === 0
              ? 'No errors recorded.'
              : `${entries.length} recorded, newest first.`}
          </Text>
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={entries.length === 0}
            onClick={() => log.clear()}
          >
            Clear All
          </Button>
        </Group>
        <ScrollArea h="calc(100vh - 140px)">
          <Stack gap="sm">
            {entries.map((entry) => (
              <ErrorEntry key={entry.id} entry={entry} />
            ))}
          </Stack>
        </ScrollArea>
      </Drawer>
    </>
  );
}

function ErrorEntry({ entry }: { entry: ErrorLogEntry }) {
  return (
    <Stack
      gap={4}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}
      data-testid="error-log-entry"
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm" c="red.7">
          {entry.message}
        </Text>
        <Badge variant="light" color="gray" size="sm">
          {formatTime(entry.at)}
        </Badge>
      </Group>
      <Text size="xs">
        <b>Info:</b> {entry.info}
      </Text>
      <Text size="xs" style={{ wordBreak: 'break-all' }}>
        <b>URL:</b> {entry.url}
      </Text>
      {entry.stack && (
        <Code block fz="xs" style={{ maxHeight: 160, overflow: 'auto' }}>
          {entry.stack}
        </Code>
      )}
    </Stack>
  );
}
