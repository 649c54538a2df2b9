import { Drawer, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useContext, useEffect, useState } from 'react';
import type { EntityRow } from '../../../../api/entity.api.ts';
import {
  PENDING_REELS,
  STAMP_REELS,
} from '../../../../domain/entities/production/stamp-reels.entity.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { EntityRequestContext } from '../../../common/entity-form/entity-request.context.ts';
import { ReelActions } from './reel-actions.tsx';
import { StampingIssueActions } from './stamping-issue-actions.tsx';

// pending-reel-approvals: reels waiting for a decision, or requested by a stamping order and
// waiting to be issued. Approvers (manager) have no reel
// form of their own, so a row opens a drawer with the reel's facts and its actions. Issuing
// is the stamping order's event, which the reels' live list does not hear: the list is read
// again after it, and the issued reel leaves it.

const SHOWN = [
  ['reel_no', 'Reel no.'],
  ['stamp_jurisdiction_name', 'Jurisdiction'],
  ['stamp_type_name', 'Stamp type'],
  ['first_serial', 'First serial'],
  ['last_serial', 'Last serial'],
  ['stamps_qty', 'Stamps'],
  ['received_at', 'Received'],
  ['supplier_ref', 'Supplier ref.'],
  ['created_by_name', 'Received by'],
  ['note', 'Note'],
] as const;

function ReelDrawer(props: { id: number; onClose: () => void; onIssued: () => void }) {
  const { id, onClose } = props;
  const request = useContext(EntityRequestContext);
  const [row, setRow] = useState<EntityRow | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    void request<EntityRow>({ url: `${PENDING_REELS.api.replace(/^\/api\//, '')}/${id}` })
      .then((reply) => live && setRow(reply.data))
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
          <SimpleGrid cols={2} spacing="xs">
            {SHOWN.map(([name, label]) => (
              <div key={name}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm">
                  {row[name] == null ? '—' : String(row[name] as string | number)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
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
      <EntityListPage
        key={generation}
        entity={PENDING_REELS}
        onOpen={(row) => row && setOpen(row.id)}
      />
      {open !== null && <ReelDrawer id={open} onClose={close} onIssued={issued} />}
    </>
  );
}
