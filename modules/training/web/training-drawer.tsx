import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { downloadAttachment } from '../../../src/api/attachments.api.ts';
import type { EntityDeclaration } from '../../../src/domain/entity/entity-declaration.ts';
import {
  TRAINING_SCORE_QUESTION,
  TRAINING_SIGN_QUESTION,
  TRAININGS,
} from '../shared/entities/trainings.entity.ts';
import { formatPercent } from '../../../src/domain/formats/percent.format.ts';
import { statusLabel } from '../../../src/domain/status-tags.ts';
import {
  allowedTrainingActions,
  mayOpenTrainingDocument,
} from '../shared/machines/training.machine.ts';
import type { WorkflowDoc } from '../../../src/machines/workflows/document-workflow.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { EntityFormDrawer } from '../../../src/views/common/entity-form/entity-form-drawer.tsx';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../src/views/common/entity-form/form-failure.ts';
import { DateText } from '../../../src/views/common/format/date-text.tsx';
import { DocumentTimeline } from '../../../src/views/common/timeline/document-timeline.tsx';
import { useUser } from '../../../src/views/session/use-session.ts';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';
import { rowOf, type RowOf } from '../../../src/domain/entity/row-of.ts';

// One training in a drawer, for its trainee ("My trainings") and for trainers and QA (every
// training): its workflow actions, the revision's file to open, and its result once scored.
// The trainee opens the file from here before signing: the file is saved to her device, then
// the opening is recorded on the training (its `open` event), which is what lets her sign; a
// trainer opening it reads it and records nothing. The result says the score against the pass
// mark it was held to, and whether it passed, in the words of its status.

export const TRAINING_QUESTIONS = {
  sign: TRAINING_SIGN_QUESTION,
  complete: TRAINING_SCORE_QUESTION,
};

export const trainingReadOnly = () => 'A training changes through its actions.';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A row of every training's list or of the person's own: the same fields. */
type TrainingRow = RowOf<typeof TRAININGS>;

function TrainingDocument({
  entity,
  row,
  onOpened,
}: {
  entity: EntityDeclaration;
  row: TrainingRow;
  onOpened: () => void;
}) {
  const request = useContext(EntityRequestContext);
  const user = useUser();
  const [busy, setBusy] = useState(false);
  const token = row.document_file_token;
  const mine = mayOpenTrainingDocument(row as unknown as WorkflowDoc, {
    id: Number(user.id),
    roles: user.roles,
  });
  const openedAt = text(row.document_opened_at);
  const opened = openedAt !== '';
  const open = async () => {
    if (!token) return;
    setBusy(true);
    try {
      await downloadAttachment(token);
      if (mine) {
        await request({
          url: `${entity.api.replace(/^\/api\//, '')}/${row.id}/events/open`,
          method: 'POST',
          data: { version: row.version },
        });
        onOpened();
      }
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="section" withBorder p="sm" radius="sm" aria-label="Training document">
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          Document
        </Text>
        <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
          {row.document_label ?? ''}
        </Text>
        {token ? (
          <Group gap="xs" wrap="wrap">
            <Button
              size="sm"
              variant={opened ? 'light' : 'filled'}
              leftSection={<IconFileText size={16} />}
              loading={busy}
              onClick={() => void open()}
            >
              Open document
            </Button>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {row.document_file_name ?? ''}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            This revision has no file.
          </Text>
        )}
        {token && opened && (
          <Text size="xs" c="dimmed">
            Opened <DateText value={openedAt} withTime />
          </Text>
        )}
        {token && !opened && mine && (
          <Text size="sm">Open the document and read it before you sign.</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** 55 → '55 %', 79.5 → '79.50 %': a fraction is never rounded up to the pass mark. */
const percentOf = (value: unknown) => {
  const n = Number(value);
  return formatPercent(n, Number.isInteger(n) ? 0 : 2);
};

function TrainingResult({ row }: { row: TrainingRow }) {
  if (row.score == null) return null;
  const status = String(row.status);
  const failed = status === 'failed';
  return (
    <Paper component="section" withBorder p="sm" radius="sm" aria-label="Training result">
      <Group gap="lg" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed">
            Score
          </Text>
          <Text size="sm" fw={600} c={failed ? 'red' : undefined}>
            {percentOf(row.score)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Pass mark
          </Text>
          <Text size="sm">{percentOf(row.pass_mark)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Result
          </Text>
          <Text size="sm" fw={600} c={failed ? 'red' : 'green'}>
            {failed ? 'Failed: below the pass mark' : `Passed (${statusLabel(status)})`}
          </Text>
        </div>
        {row.trainer_name !== null && (
          <div>
            <Text size="xs" c="dimmed">
              Trainer
            </Text>
            <Text size="sm">{row.trainer_name}</Text>
          </div>
        )}
      </Group>
    </Paper>
  );
}

/** The drawer of one training of `entity` (every training, or the person's own). */
export function TrainingDrawer({
  entity,
  id,
  onClose,
}: {
  entity: EntityDeclaration;
  id: number;
  onClose: () => void;
}) {
  // An event or an opening moves status and version: the drawer reads the training again.
  const [generation, setGeneration] = useState(0);
  const reread = () => setGeneration((g) => g + 1);
  return (
    <EntityFormDrawer
      key={generation}
      entity={entity}
      id={id}
      opened
      onClose={onClose}
      readOnlyReason={trainingReadOnly}
      toolbar={(row) => (
        <Stack gap="sm">
          <DocumentActions
            entity={entity}
            doc={row}
            allowed={allowedTrainingActions}
            questions={TRAINING_QUESTIONS}
            onDone={reread}
          />
          <TrainingDocument entity={entity} row={rowOf(TRAININGS, row)} onOpened={reread} />
          <TrainingResult row={rowOf(TRAININGS, row)} />
        </Stack>
      )}
      // Everyone's trainings carry their story; a trainee's own list reads only her rows.
      {...(entity.name === TRAININGS.name && {
        footer: (row: EntityRow) => (
          <>
            <Divider />
            <DocumentTimeline entity={entity} id={row.id} revision={row.version} />
          </>
        ),
      })}
    />
  );
}
