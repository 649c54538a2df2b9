import { Text } from '@mantine/core';
import {
  IconAlertOctagon,
  IconClockExclamation,
  IconFlaskOff,
  IconHandStop,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './production-dashboard.module.css';

// What stops work, told apart from across a room. A status tag keeps the three colours every
// status has (status-colors.ts); these are a separate layer on the boards, like a check's
// verdict: each kind of stuck has its own colour and icon, so a held order, a failed batch, an
// order past its stage's expected time and a machine that is down never read as one another.
// The reason is the largest text of its card.

export type StuckKind = 'overdue' | 'held' | 'failed' | 'down';

export const STUCK_SIGNALS: Record<StuckKind, { color: string; icon: Icon }> = {
  overdue: { color: 'red', icon: IconClockExclamation },
  held: { color: 'yellow', icon: IconHandStop },
  failed: { color: 'grape', icon: IconFlaskOff },
  down: { color: 'orange', icon: IconAlertOctagon },
};

/**
 * The line that says why a card is stuck, with its kind's icon; on the wall's dark cards the
 * text takes the kind's colour too, in a shade that keeps 4.5:1 against them.
 */
export function StuckReason({
  kind,
  wall,
  children,
  ...data
}: {
  kind: StuckKind;
  wall: boolean;
  children: ReactNode;
} & Record<`data-${string}`, boolean | string | undefined>) {
  const { color, icon: KindIcon } = STUCK_SIGNALS[kind];
  const shade = wall ? 4 : 7;
  return (
    <Text
      component="div"
      className={classes.stuckReason}
      data-stuck-reason={kind}
      style={{ '--stuck-color': `var(--mantine-color-${color}-${shade})` }}
      {...data}
    >
      <KindIcon className={classes.stuckIcon} aria-hidden stroke={2.2} />
      <span>{children}</span>
    </Text>
  );
}
