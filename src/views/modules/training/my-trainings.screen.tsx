import { useMemo, useState } from 'react';
import {
  MY_TRAININGS,
  TRAINING_SCORE_QUESTION,
  TRAINING_SIGN_QUESTION,
} from '../../../domain/entities/training/trainings.entity.ts';
import { allowedTrainingActions } from '../../../machines/workflows/training.machine.ts';
import { DocumentActions } from '../../common/entity/document-actions.tsx';
import { EntityListPage } from '../../common/entity/entity-list-page.tsx';
import { EntityFormDrawer } from '../../common/entity-form/entity-form-drawer.tsx';
import { useUser } from '../../session/use-session.ts';

// "My trainings": the signed-in person's own trainings, none created here (no New), each
// opening read-only with its actions, where the trainee signs with their typed name.

export const TRAINING_QUESTIONS = {
  sign: TRAINING_SIGN_QUESTION,
  complete: TRAINING_SCORE_QUESTION,
};

export const trainingReadOnly = () => 'A training changes through its actions.';

export function MyTrainingsScreen() {
  const [open, setOpen] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  const { id } = useUser();
  // Live on the person's own channel, where their trainings' changes are announced.
  const mine = useMemo(
    () => ({ ...MY_TRAININGS, channel: MY_TRAININGS.channel.replace('{me}', String(id)) }),
    [id],
  );
  return (
    <>
      <EntityListPage entity={mine} onOpen={(row) => row && setOpen(row.id)} />
      {open !== null && (
        <EntityFormDrawer
          key={generation}
          entity={mine}
          id={open}
          opened
          onClose={() => setOpen(null)}
          readOnlyReason={trainingReadOnly}
          toolbar={(row) => (
            <DocumentActions
              entity={MY_TRAININGS}
              doc={row}
              allowed={allowedTrainingActions}
              questions={TRAINING_QUESTIONS}
              onDone={() => setGeneration((g) => g + 1)}
            />
          )}
        />
      )}
    </>
  );
}
