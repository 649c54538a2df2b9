import { useMemo, useState } from 'react';
import { MY_TRAININGS } from '../shared/entities/trainings.entity.ts';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { useUser } from '../../../src/views/session/use-session.ts';
import { TrainingDrawer } from './training-drawer.tsx';

// "My trainings": the signed-in person's own trainings, none created here (no New), each
// opening read-only with its actions, where the trainee opens the revision's file and signs
// with their typed name. On a phone each training is a card: what to read, where it stands,
// when it is due.

const MY_TRAINING_CARDS = {
  title: 'training_document_id',
  facts: ['status', 'due_date', 'is_overdue', 'score'],
} as const;

export function MyTrainingsScreen() {
  const [open, setOpen] = useState<number | null>(null);
  const { id } = useUser();
  // Live on the person's own channel, where their trainings' changes are announced.
  const mine = useMemo(
    () => ({ ...MY_TRAININGS, channel: MY_TRAININGS.channel.replace('{me}', String(id)) }),
    [id],
  );
  return (
    <>
      <EntityListPage
        entity={mine}
        onOpen={(row) => row && setOpen(row.id)}
        phoneCards={MY_TRAINING_CARDS}
      />
      {open !== null && <TrainingDrawer entity={mine} id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
