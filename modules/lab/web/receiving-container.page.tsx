import { Box, Divider } from '@mantine/core';
import { useState } from 'react';
import { RECEIVING_CONTAINERS } from '../shared/entities/receiving-containers.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { allowedContainerActions } from '../shared/machines/receiving-container.machine.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { EntityFormPage } from '../../../src/views/common/entity-form/entity-form-page.tsx';
import { DocumentTimeline } from '../../../src/views/common/timeline/document-timeline.tsx';
import type { EntityRow } from '../../../src/domain/entities/entity-row.ts';

// `/lab/receiving-container/{id}`: a container's place and tare, and its workflow bar once its
// lot is in use: "Mark empty", then "Dispose" (confirmed first: it cannot be undone). The
// button of a container that cannot be empty yet says why (the last one of a lot with stock).

const disposedReason = (row: EntityRow) =>
  rowOf(RECEIVING_CONTAINERS, row).status === 'disposed'
    ? 'A disposed container is kept as it was'
    : null;

export function ReceivingContainerPage() {
  // An event changes status and version: the form reads the row again, bar and all.
  const [generation, setGeneration] = useState(0);
  return (
    <Box p="md">
      <EntityFormPage
        key={generation}
        entity={RECEIVING_CONTAINERS}
        listPath="/lab/receiving-containers"
        readOnlyReason={disposedReason}
        toolbar={(row) => (
          <DocumentActions
            entity={RECEIVING_CONTAINERS}
            doc={row}
            allowed={allowedContainerActions}
            onDone={() => setGeneration((g) => g + 1)}
          />
        )}
        footer={(row) => (
          <>
            <Divider />
            <DocumentTimeline entity={RECEIVING_CONTAINERS} id={row.id} revision={row.version} />
          </>
        )}
      />
    </Box>
  );
}
