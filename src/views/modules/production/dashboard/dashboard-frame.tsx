import { Alert, Group, Stack, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatTime } from '../../../../domain/formats/date.format.ts';
import classes from './production-dashboard.module.css';

// What every dashboard shares: its title and headline figure, the red "stale since" while what
// it shows may be old, and the wall display's look (`?display=wall`: large type, dark room).

export function useWallDisplay(): boolean {
  const [params] = useSearchParams();
  return params.get('display') === 'wall';
}

export function DashboardFrame({
  title,
  headline,
  staleSince,
  connection,
  children,
}: {
  title: string;
  headline: ReactNode;
  /** When the shown figures stopped being known current; null while they are. */
  staleSince: number | null;
  /** The realtime connection's status, for people and tests to read. */
  connection?: string;
  children: ReactNode;
}) {
  const wall = useWallDisplay();
  return (
    <Stack
      p={wall ? 0 : 'md'}
      gap="sm"
      className={wall ? classes.wall : undefined}
      data-wall={wall || undefined}
      data-connection={connection}
    >
      <Group justify="space-between">
        <Title order={wall ? 1 : 3}>{title}</Title>
        <Group gap="xs">{headline}</Group>
      </Group>
      {staleSince !== null && (
        <Alert
          className={classes.stale}
          color="red"
          variant="filled"
          icon={<IconPlugConnectedX />}
          role="status"
          data-testid="stale"
        >
          Stale since {formatTime(staleSince)}: reconnecting…
        </Alert>
      )}
      {children}
    </Stack>
  );
}
