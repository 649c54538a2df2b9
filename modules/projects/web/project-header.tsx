import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { StatusTag } from '../../../src/views/common/status-tag.tsx';

// The card on top of a project's, task's or item's page: what it is, where it stands, and
// how far along it is.

export function ProjectHeader({
  title,
  status,
  facts,
  progress,
  actions,
}: {
  title: string;
  status: string | null;
  facts: readonly (string | null)[];
  /** 0–100, shown as a bar with its figure. */
  progress?: number;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" mx="md" mt="md">
      <Group justify="space-between" align="start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={3} fz="lg">
              {title}
            </Title>
            {status && <StatusTag status={status} />}
          </Group>
          <Text size="sm" c="dimmed">
            {facts.filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        <Group gap="xs">{actions}</Group>
      </Group>
      {progress !== undefined && (
        <Group gap="sm" mt="xs">
          <Progress
            value={progress}
            flex={1}
            size="lg"
            aria-label="Progress"
            color={progress >= 100 ? 'green' : 'blue'}
          />
          <Text size="sm" fw={600} w={48} ta="right" data-testid="progress-figure">
            {Math.round(progress)} %
          </Text>
        </Group>
      )}
    </Paper>
  );
}
