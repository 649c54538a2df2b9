import { Box, SimpleGrid, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { canAccess } from '../../../domain/access.ts';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import { WORK_ORDERS } from '../../../domain/entities/production/work-orders.entity.ts';
import { allowedWorkOrderActions } from '../../../machines/workflows/work-order.machine.ts';
import { DocumentActions } from '../../common/entity/document-actions.tsx';
import { EntityFormPage, recordIdOf } from '../../common/entity-form/entity-form-page.tsx';
import { DateText } from '../../common/format/date-text.tsx';
import { DocumentTimeline } from '../../common/timeline/document-timeline.tsx';
import { useUser } from '../../session/use-session.ts';
import { WorkOrderComments } from './work-order-comments.tsx';
import { Fact } from '../../common/fact.tsx';
import { rowOf, type RowOf } from '../../../domain/entity/row-of.ts';

// A work order (/production/work-order/:id?): anyone on the floor reports a problem here; the
// maintenance admins triage it in the form while it is unresolved; everyone moves it on with
// the actions its machine allows them (work-order.machine.ts) and talks in its comments.
// A document screen without lines: documents are edited while draft, a work order while open.

/**
 * The form as `who` sees it: a request takes its priority from the issue (triage adjusts it),
 * and only the maintenance admins assign (the server refuses anyone else).
 */
function viewOf(creating: boolean, triages: boolean): EntityDeclaration {
  const locked = new Set([...(creating ? ['priority'] : []), ...(triages ? [] : ['assigned_to'])]);
  return {
    ...WORK_ORDERS,
    fields: WORK_ORDERS.fields.map((f) => (locked.has(f.name) ? { ...f, readOnly: true } : f)),
  };
}

type WorkOrderRow = RowOf<typeof WORK_ORDERS>;

function lockedBecause(row: WorkOrderRow, triages: boolean): string | null {
  if (row.status === 'completed') return 'This work order is completed: reopen it to change it.';
  if (row.status === 'rejected') return 'This work order was rejected.';
  if (!triages) return 'The maintenance admins edit work orders; use the actions and comments.';
  return null;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : '—');
const moment = (value: unknown) =>
  typeof value === 'string' && value !== '' ? <DateText value={value} withTime /> : '—';

/** 1560 → '26 h 0 min': downtime reads in hours once it passes one. */
function duration(minutes: number): string {
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** What the form cannot show: the order's number, its people, its times and its outcome. */
function WorkOrderFacts({ row }: { row: WorkOrderRow }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-label="Work order facts">
      <Fact multiline label="Number">
        {text(row.number)}
      </Fact>
      <Fact multiline label="Reported by">
        {text(row.reported_by_name)}
      </Fact>
      <Fact multiline label="Opened">
        {moment(row.opened_at)}
      </Fact>
      <Fact multiline label="Started">
        {moment(row.started_at)}
      </Fact>
      <Fact multiline label="Completed">
        {moment(row.completed_at)}
      </Fact>
      <Fact multiline label="Downtime">
        {typeof row.downtime_minutes === 'number' ? duration(row.downtime_minutes) : '—'}
      </Fact>
      {row.status === 'on_hold' && (
        <Fact multiline label="Hold reason">
          {text(row.hold_reason)}
        </Fact>
      )}
      {typeof row.resolution === 'string' && row.resolution !== '' && (
        <Fact multiline label="Resolution">
          {row.resolution}
        </Fact>
      )}
    </SimpleGrid>
  );
}

export function WorkOrderPage() {
  const user = useUser();
  const id = recordIdOf(useParams().id);
  // An event changes status and version: the form reads the row again, bar and all.
  const [generation, setGeneration] = useState(0);
  const triages = canAccess(user.roles, 'maintenance_admin');
  const entity = useMemo(() => viewOf(id === null, triages), [id, triages]);
  return (
    <Box p="md">
      <Stack gap="md">
        <EntityFormPage
          key={generation}
          entity={entity}
          listPath="/production/work-orders"
          readOnlyReason={(row) => lockedBecause(rowOf(WORK_ORDERS, row), triages)}
          toolbar={(row) => (
            <Stack gap="sm">
              <DocumentActions
                entity={WORK_ORDERS}
                doc={row}
                allowed={allowedWorkOrderActions}
                onDone={() => setGeneration((g) => g + 1)}
              />
              <WorkOrderFacts row={rowOf(WORK_ORDERS, row)} />
            </Stack>
          )}
          footer={(row) => (
            <DocumentTimeline entity={WORK_ORDERS} id={row.id} revision={row.version} />
          )}
        />
        {id ? <WorkOrderComments workOrderId={id} /> : null}
      </Stack>
    </Box>
  );
}
