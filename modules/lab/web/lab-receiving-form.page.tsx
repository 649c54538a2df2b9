import { Box, Button, Divider, Group } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  LAB_RECEIVING_ITEM_LINES,
  LAB_RECEIVINGS,
  labReceivingDoc,
} from '../shared/entities/lab-receivings.entity.ts';
import { allowedLabReceivingActions } from '../shared/machines/lab-receiving.machine.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { draftOnly } from '../../../src/views/common/entity/draft-only.ts';
import { EntityFormPage } from '../../../src/views/common/entity-form/entity-form-page.tsx';
import { DocumentTimeline } from '../../../src/views/common/timeline/document-timeline.tsx';
import { labReceivingMoves } from './lab-moves.ts';
import { labReceivingTools } from './lab-receiving-tools.tsx';
import { LabResultsPanel } from './lab-results-panel.tsx';

// A lab receiving's form: the document pattern (header, items, workflow bar, timeline) plus
// the items' lab results, which stay open past the draft until inspection, and its own inputs
// (lab-receiving-tools.tsx: the location and the purchase order received against). Once
// received, its containers exist: "Print container labels" opens their label sheet.

export function LabReceivingFormPage() {
  // An event or a saved result changes the version: the form reads the receiving again.
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((g) => g + 1);
  return (
    <Box p="md">
      <EntityFormPage
        key={generation}
        entity={LAB_RECEIVINGS}
        lines={LAB_RECEIVING_ITEM_LINES}
        listPath="/lab/receiving"
        readOnlyReason={(row) => draftOnly(LAB_RECEIVINGS, row)}
        tools={labReceivingTools}
        toolbar={(row) => (
          <Group gap="xs" wrap="wrap">
            <DocumentActions
              entity={LAB_RECEIVINGS}
              doc={row}
              allowed={allowedLabReceivingActions}
              moves={labReceivingMoves}
              onDone={reload}
            />
            {row.status !== 'draft' && typeof row.number === 'string' && (
              <Button
                component={Link}
                to={`/lab/qr-code-generation?receiving=${encodeURIComponent(row.number)}`}
                variant="default"
                leftSection={<IconQrcode size={16} />}
              >
                Print container labels
              </Button>
            )}
          </Group>
        )}
        footer={(row) => (
          <>
            <LabResultsPanel doc={labReceivingDoc(row)} onSaved={reload} />
            <Divider />
            <DocumentTimeline entity={LAB_RECEIVINGS} id={row.id} revision={row.version} />
          </>
        )}
      />
    </Box>
  );
}
