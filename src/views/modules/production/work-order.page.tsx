import { Box, Stack } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { EntityRow } from '../../../api/entity.api.ts';
import { canAccess } from '../../../domain/access.ts';
import { WORK_ORDERS } from '../../../domain/entities/production/work-orders.entity.ts';
import { allowedWorkOrderActions } from '../../../machines/workflows/work-order.machine.ts';
import { DocumentActions } from '../../common/entity/document-actions.tsx';
import { EntityFormPage, recordIdOf } from '../../common/entity-form/entity-form-page.tsx';
import { useUser } from '../../session/use-session.ts';
import { WorkOrderComments } from './work-order-comments.tsx';

// A work order (/production/work-order/:id?): anyone on the floor reports a problem here; the
// maintenance admins triage it in the form while it is unresolved; everyone moves it on with
// the actions its machine allows them (work-order.machine.ts) and talks in its comments.
// A document screen without lines: documents are edited while draft, a work order while open.

function lockedBecause(row: EntityRow, triages: boolean): string | null {
  if (row.status === 'completed') return 'This work order is completed: reopen it to change it.';
  if (row.status === 'rejected') return 'This work order was rejected.';
  if (!triages) return 'The maintenance admins edit work orders; use the actions and comments.';
  return null;
}

export function WorkOrderPage() {
  const user = useUser();
  const id = recordIdOf(useParams().id);
  // An event changes status and version: the form reads the row again, bar and all.
  const [generation, setGeneration] = useState(0);
  const triages = canAccess(user.roles, 'maintenance_admin');
  return (
    <Box p="md">
      <Stack gap="md">
        <EntityFormPage
          key={generation}
          entity={WORK_ORDERS}
          listPath="/production/work-orders"
          readOnlyReason={(row) => lockedBecause(row, triages)}
          toolbar={(row) => (
            <DocumentActions
              entity={WORK_ORDERS}
              doc={row}
              allowed={allowedWorkOrderActions}
              onDone={() => setGeneration((g) => g + 1)}
            />
          )}
        />
        {id ? <WorkOrderComments workOrderId={id} /> : null}
      </Stack>
    </Box>
  );
}
