import { Box, Tabs } from '@mantine/core';
import { useState } from 'react';
import { canAccess } from '../../../domain/access.ts';
import { TRAININGS } from '../../../domain/entities/training/trainings.entity.ts';
import { allowedTrainingActions } from '../../../machines/workflows/training.machine.ts';
import { entityScreen } from '../../common/entity/entity-screen.tsx';
import { useUser } from '../../session/use-session.ts';
import { MyTrainingsScreen, TRAINING_QUESTIONS, trainingReadOnly } from './my-trainings.screen.tsx';

// Trainings (domain.md §8): every Training-module user sees "My trainings" and signs their
// own there; trainers, QA and the training supervisor also see everyone's, filter them by
// status, trainee or overdue, record results, verify and cancel. A training changes only
// through its actions, so its drawer is read-only with them on top.

const AllTrainings = entityScreen(TRAININGS, {
  allowed: allowedTrainingActions,
  questions: TRAINING_QUESTIONS,
  readOnly: trainingReadOnly,
});

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
