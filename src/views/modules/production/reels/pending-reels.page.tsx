import { Drawer, Stack } from '@mantine/core';
import { useCallback, useContext, useEffect, useState } from 'react';
import {
  PENDING_REELS,
  STAMP_REELS,
} from '../../../../domain/entities/production/stamp-reels.entity.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { FieldFacts } from '../../../common/entity-form/field-facts.tsx';
import { ReelActions } from './reel-actions.tsx';
import { ReelRequestsSection } from './reel-requests-section.tsx';
import { StampingIssueActions } from './stamping-issue-actions.tsx';
import type { EntityRow } from '../../../../domain/entities/entity-row.ts';
import { rowOf, type RowOf } from '../../../../domain/entity/row-of.ts';

// pending-reel-approvals: reels waiting for a decision, or requested by a stamping order and
// waiting to be issued, with the reel requests drafted from the stamp cover above them. Approvers (manager) have no reel
// form of their own, so a row opens a drawer with the reel's facts and its actions. Issuing
// is the stamping order's event, which the reels' live list does not hear: the list is read
// again after it, and the issued reel leaves it.

const SHOWN = [
  'reel_no',
  'stamp_jurisdiction_name',
  'stamp_type_name',
  'first_serial',
  'last_serial',
  'stamps_qty',
  'received_at',
  'supplier_ref',
  'created_by_name',
  'note',
] as const;

function ReelDrawer(props: { id: number; onClose: () => void; onIssued: () => void }) {
  const { id, onClose } = props;
  const request = useContext(EntityRequestContext);
  const [row, setRow] = useState<RowOf<typeof PENDING_REELS> | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    void request<EntityRow>({ url: `${PENDING_REELS.api.replace(/^\/api\//, '')}/${id}` })
      .then((reply) => live && setRow(rowOf(PENDING_REELS, reply.data)))
      // Decided meanwhile: it has left the pending list, and the drawer with it.
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [request, id, generation, onClose]);
  return (
    <Drawer opened onClose={onClose} position="right" size="md" title={STAMP_REELS.label}>
      {row && (
        <Stack>
          {row.status === 'requested' && row.stamping_order_id != null ? (
            <StampingIssueActions reel={row} onDone={props.onIssued} />
          ) : (
            <ReelActions doc={row} onDone={() => setGeneration((g) => g + 1)} />
          )}
          <FieldFacts entity={PENDING_REELS} names={SHOWN} row={row} />
        </Stack>
      )}
    </Drawer>
  );
}

export function PendingReelsPage() {
  const [open, setOpen] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  const close = useCallback(() => setOpen(null), []);
  const issued = useCallback(() => {
    setOpen(null);
    setGeneration((g) => g + 1);
  }, []);
  return (
    <>
      <ReelRequestsSection />
      <EntityListPage
        key={generation}
        entity={PENDING_REELS}
        onOpen={(row) => row && setOpen(row.id)}
      />
      {open !== null && <ReelDrawer id={open} onClose={close} onIssued={issued} />}
    </>
  );
}
