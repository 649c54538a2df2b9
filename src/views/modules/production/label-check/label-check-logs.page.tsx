import { Button } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useState } from 'react';
import { canAccess } from '../../../../domain/access.ts';
import { LABEL_CHECKS } from '../../../../domain/entities/production/production-reports.entity.ts';
import { EntityListPage } from '../../../common/entity/entity-list-page.tsx';
import { useUser } from '../../../session/use-session.ts';
import { LabelCheckModal } from './label-check-modal.tsx';

// label-check-logs: every check recorded, and for the Label check roles of docs/product.md §6 the
// place to record one on any order in labeling. The log is a report (polled, not pushed), so the
// list is read again after a check is recorded here.

export function LabelCheckLogsPage() {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  const mayCheck = canAccess(user.roles, 'production_label_check');
  return (
    <>
      <EntityListPage
        key={generation}
        entity={LABEL_CHECKS}
        actions={
          mayCheck && (
            <Button size="xs" leftSection={<IconScan size={14} />} onClick={() => setOpen(true)}>
              Record label check
            </Button>
          )
        }
      />
      {open && (
        <LabelCheckModal
          orderId={null}
          onClose={() => setOpen(false)}
          onRecorded={() => setGeneration((g) => g + 1)}
        />
      )}
    </>
  );
}
