import { Button, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUsersPlus } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../src/views/common/entity-form/form-failure.ts';
import { notify } from '../../../src/views/common/notify.tsx';
import type { TRAINING_PROJECTS } from '../shared/entities/training-projects.entity.ts';
import type { RowOf } from '../../../src/domain/entity/row-of.ts';

// Assigning a curriculum (docs/domain/training.md §8): a training of each effective document for
// every active user of its role. Confirmed first, since it writes many trainings at once; those a
// person already holds are kept.

export function AssignCurriculumButton({
  row,
  onDone,
}: {
  row: RowOf<typeof TRAINING_PROJECTS>;
  onDone: () => void;
}) {
  const request = useContext(EntityRequestContext);
  const [busy, setBusy] = useState(false);
  const assign = async () => {
    setBusy(true);
    try {
      const reply = await request<{ assigned: number }>({
        url: `training/projects/${row.id}/assign`,
        method: 'POST',
        data: { version: row.version },
      });
      const n = reply.data.assigned;
      notify.success(
        n === 0 ? 'Everyone already has these trainings' : `${n} trainings assigned`,
        'Assign to role',
      );
      onDone();
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  };
  const confirm = () =>
    modals.openConfirmModal({
      title: `Assign ${row.name} to ${String(row.role_name)}?`,
      children:
        'Every active user with this role gets a training of each effective document of the curriculum.',
      labels: { confirm: 'Assign', cancel: 'Cancel' },
      onConfirm: () => void assign(),
    });
  return (
    <Group>
      <Button
        leftSection={<IconUsersPlus size={16} />}
        loading={busy}
        disabled={!row.active}
        title={row.active ? undefined : 'An inactive curriculum is not assigned'}
        onClick={confirm}
      >
        Assign to role
      </Button>
    </Group>
  );
}
