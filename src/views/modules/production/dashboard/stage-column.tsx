import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useWallDisplay } from './dashboard-frame.tsx';
import classes from './production-dashboard.module.css';
import { WallPages } from './wall-pages.tsx';

// One column of a dashboard board: its title and count on top, the cards of its stage below.
// Every board (production, assembly, transfer, shipping) draws its columns with it, so a
// column reads the same on each and on the wall. `column` names it for tests and styles;
// `extra` sits beside the count (the transfer board's "new skid"). On the wall a column shows
// its count as one of the board's largest figures, and turns its cards page by page when they
// do not all fit.

export function StageColumn(props: {
  title: string;
  count: number;
  column?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const wall = useWallDisplay();
  const count = (
    <Badge variant="default" className={classes.count} data-count>
      {props.count}
    </Badge>
  );
  return (
    <section className={classes.column} aria-label={props.title} data-column={props.column}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} className={classes.columnTitle}>
          {props.title}
        </Text>
        {props.extra ? (
          <Group gap={4}>
            {props.extra}
            {count}
          </Group>
        ) : (
          count
        )}
      </Group>
      {wall ? <WallPages>{props.children}</WallPages> : props.children}
    </section>
  );
}
