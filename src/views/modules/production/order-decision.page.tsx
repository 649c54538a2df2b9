import { Anchor, Drawer, Stack } from '@mantine/core';
import { useCallback, useContext, useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { WorkflowDoc, WorkflowUser } from '../../../machines/workflows/document-workflow.ts';
import { DocumentActions } from '../../common/entity/document-actions.tsx';
import { EntityListPage } from '../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';
import { FieldFacts } from '../../common/entity-form/field-facts.tsx';
import { orderActions } from './order-actions.ts';
import { orderDetailPath } from './order-detail/order-paths.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// Orders awaiting someone's decision (pending-orders: approve or reject; hplc-orders: retest,
// rework, override or scrap a failed batch). The deciders have no order form of their own, so
// a row opens a drawer with the order's facts and only the page's events; once decided, the
// order leaves the list, and the drawer with it.

const SHOWN = [
  ['number', 'Order'],
  ['product_sku', 'Product'],
  ['product_name', 'Product name'],
  ['planned_units', 'Planned units'],
  ['planned_ml', 'Planned ml'],
  ['due_date', 'Due'],
  ['priority', 'Priority'],
  ['flow_name', 'Flow'],
  ['recipe_code', 'Recipe'],
  ['stage', 'Stage'],
  ['hplc_status', 'HPLC'],
  ['batch_lot_no', 'Batch lot'],
  ['actual_batch_ml', 'Batch ml'],
  ['created_by_name', 'Planned by'],
  ['note', 'Note'],
] as const;

/** Facts that are statuses: tagged as the orders list tags them. */
const TAGGED: ReadonlySet<string> = new Set(['priority', 'stage', 'hplc_status']);

function OrderDrawer({
  entity,
  events,
  id,
  onClose,
  onDecided,
}: {
  entity: EntityDeclaration;
  events: readonly string[];
  id: number;
  onClose: () => void;
  onDecided: () => void;
}) {
  const request = useContext(EntityRequestContext);
  const [row, setRow] = useState<EntityRow | null>(null);
  useEffect(() => {
    let live = true;
    void request<EntityRow>({ url: `${entity.api.replace(/^\/api\//, '')}/${id}` })
      .then((reply) => live && setRow(reply.data))
      // Decided meanwhile by someone else: it has left the list.
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [request, entity, id, onClose]);
  const allowed = useCallback(
    (doc: WorkflowDoc, user: WorkflowUser) =>
      orderActions(doc, user).filter((a) => events.includes(a.event)),
    [events],
  );
  return (
    <Drawer opened onClose={onClose} position="right" size="md" title={entity.label}>
      {row && (
        <Stack>
          <DocumentActions entity={entity} doc={row} allowed={allowed} onDone={onDecided} />
          <FieldFacts entity={entity} names={SHOWN} row={row} tags={TAGGED} />
          {/* The decision is taken here; the order's whole story is one click away. */}
          <Anchor component={Link} to={orderDetailPath(id)} size="sm">
            Open the order&apos;s story
          </Anchor>
        </Stack>
      )}
    </Drawer>
  );
}

function OrderDecisionPage({
  entity,
  events,
}: {
  entity: EntityDeclaration;
  events: readonly string[];
}) {
  const [open, setOpen] = useState<number | null>(null);
  // After a decision the list is read again: the order is no longer in its scope.
  const [generation, setGeneration] = useState(0);
  const close = useCallback(() => setOpen(null), []);
  return (
    <>
      <EntityListPage key={generation} entity={entity} onOpen={(row) => row && setOpen(row.id)} />
      {open !== null && (
        <OrderDrawer
          entity={entity}
          events={events}
          id={open}
          onClose={close}
          onDecided={() => {
            setOpen(null);
            setGeneration((g) => g + 1);
          }}
        />
      )}
    </>
  );
}

/** A page of orders scoped by the server, each opening with the page's own events. */
export function orderDecisionPage(
  entity: EntityDeclaration,
  events: readonly string[],
): ComponentType {
  const Page = () => <OrderDecisionPage entity={entity} events={events} />;
  Page.displayName = `${entity.pluralLabel.replaceAll(' ', '')}Page`;
  return Page;
}
