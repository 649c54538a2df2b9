import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './production-dashboard.module.css';

// One column of a dashboard board: its title and count on top, the cards of its stage below.
// Every board (production, assembly, transfer, shipping) draws its columns with it, so a
// column reads the same on each and on the wall. `column` names it for tests and styles;
// `extra` sits beside the count (the transfer board's "new skid").

export function StageColumn(props: {
  title: string;
  count: number;
  column?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const count = <Badge variant="default">{props.count}</Badge>;
  return (
    <section className={classes.column} aria-label={props.title} data-column={props.column}>
      <Group justify="space-between">
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
      {props.children}
    </section>
  );
}
