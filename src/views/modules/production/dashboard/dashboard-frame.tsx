import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatDate, formatTime } from '../../../../domain/formats/date.format.ts';
import classes from './production-dashboard.module.css';
import { useNow } from './use-wall-recovery.ts';

// What every dashboard shares: its title and headline figure, the red "stale since" while what
// it shows may be old (the data dimmed under a large banner), and the wall display's look
// (`?display=wall`: large type, dark room, a clock for the shift).

export function useWallDisplay(): boolean {
  const [params] = useSearchParams();
  return params.get('display') === 'wall';
}

/** The wall's clock, ticking on its own so the board does not draw again each second. */
function WallClock() {
  const now = useNow(1000);
  return (
    <Text className={classes.clock} data-testid="wall-clock" aria-label="Time">
      {formatTime(now).slice(0, 5)}
      <Text span className={classes.clockDate}>
        {formatDate(now)}
      </Text>
    </Text>
  );
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
      // The wall's own padding (1vw, production-dashboard.module.css) keeps its title off the
      // screen's edge; an inline `p` would override it.
      p={wall ? undefined : 'md'}
      gap="sm"
      className={wall ? classes.wall : undefined}
      data-wall={wall || undefined}
      data-connection={connection}
    >
      <Group justify="space-between">
        <Title order={wall ? 1 : 3}>{title}</Title>
        <Group gap="xs" className={classes.headline}>
          {headline}
          {wall && <WallClock />}
        </Group>
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
      <div className={classes.data} data-stale={staleSince !== null || undefined}>
        {children}
      </div>
    </Stack>
  );
}
