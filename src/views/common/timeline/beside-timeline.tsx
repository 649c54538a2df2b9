import { Grid, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import { DocumentTimeline } from './document-timeline.tsx';

// A document's page with its story beside it, as the production order's detail shows it: the
// page on the left, the timeline in a column on the right on wide screens, under it on narrow.

export interface BesideTimelineProps {
  entity: EntityDeclaration;
  id: number;
  /** The document's version: a new one reads the timeline again. */
  revision: unknown;
  children: ReactNode;
}

export function BesideTimeline({ entity, id, revision, children }: BesideTimelineProps) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>{children}</Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper withBorder p="md">
          <DocumentTimeline entity={entity} id={id} revision={revision} />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
