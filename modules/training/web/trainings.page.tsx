import { Box, Tabs } from '@mantine/core';
import { useState } from 'react';
import { canAccess } from '../../../src/domain/access.ts';
import { TRAININGS } from '../shared/entities/trainings.entity.ts';
import { rowOf, type RowOf } from '../../../src/domain/entity/row-of.ts';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { EntityFormDrawer } from '../../../src/views/common/entity-form/entity-form-drawer.tsx';
import { useUser } from '../../../src/views/session/use-session.ts';
import { MyTrainingsScreen } from './my-trainings.screen.tsx';
import { TrainingDrawer } from './training-drawer.tsx';

// Trainings (docs/domain/training.md §8): every Training-module user sees "My trainings" and signs
// their own there; trainers, QA and the training supervisor also see everyone's, filter them by
// status, trainee or overdue, record results, verify and cancel. A training changes only
// through its actions, so its drawer (training-drawer.tsx) is read-only with them on top.

/** On a phone: whose training of what, where it stands and when it is due. */
const TRAINING_CARDS = {
  title: 'training_document_id',
  subtitle: 'trainee_id',
  facts: ['status', 'due_date', 'is_overdue', 'score'],
} as const;

/** Everyone's trainings; New assigns one effective document to one person (change roles). */
function AllTrainings() {
  const [open, setOpen] = useState<{ id: number | null } | null>(null);
  const [created, setCreated] = useState<RowOf<typeof TRAININGS> | null>(null);
  return (
    <>
      <EntityListPage
        entity={TRAININGS}
        onOpen={(row) => setOpen({ id: row?.id ?? null })}
        created={created}
        phoneCards={TRAINING_CARDS}
      />
      {open?.id != null && (
        <TrainingDrawer entity={TRAININGS} id={open.id} onClose={() => setOpen(null)} />
      )}
      {open !== null && open.id === null && (
        <EntityFormDrawer
          entity={TRAININGS}
          id={null}
          opened
          onClose={() => setOpen(null)}
          onSaved={(row) => setCreated(rowOf(TRAININGS, row))}
        />
      )}
    </>
  );
}

export function TrainingsPage() {
  const user = useUser();
  const trainer = canAccess(user.roles, 'training_trainer');
  const [tab, setTab] = useState<string | null>(trainer ? 'all' : 'mine');
  if (!trainer) return <MyTrainingsScreen />;
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} pt="xs">
      <Box px="md">
        <Tabs.List>
          <Tabs.Tab value="all">All trainings</Tabs.Tab>
          <Tabs.Tab value="mine">My trainings</Tabs.Tab>
        </Tabs.List>
      </Box>
      <Tabs.Panel value="all">
        <AllTrainings />
      </Tabs.Panel>
      <Tabs.Panel value="mine">
        <MyTrainingsScreen />
      </Tabs.Panel>
    </Tabs>
  );
}
