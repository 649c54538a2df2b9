import { Box, Text } from '@mantine/core';
import { useState } from 'react';
import { STAMP_REELS } from '../../../../domain/entities/production/stamp-reels.entity.ts';
import { reelIsLimited } from '../../../../machines/workflows/stamp-reel.machine.ts';
import { EntityFormPage } from '../../../common/entity-form/entity-form-page.tsx';
import { TraceLink } from '../../../common/trace-link.tsx';
import { ReelActions } from './reel-actions.tsx';

// The reel form (production.reel): stamp_inventory records a received reel and edits it
// until its receipt is decided; after that the server keeps everything but the location and
// the note, and the form says so above the bar.

export function StampReelPage() {
  // An event changes status and version: the form reads the row again, bar and all.
  const [generation, setGeneration] = useState(0);
  return (
    <Box p="md">
      <EntityFormPage
        key={generation}
        entity={STAMP_REELS}
        listPath="/production/reels"
        toolbar={(row) => (
          <>
            <ReelActions doc={row} onDone={() => setGeneration((g) => g + 1)} />
            <TraceLink kind="reel" id={row.id} />
            {reelIsLimited(String(row.status)) && (
              <Text size="sm" c="dimmed">
                This reel is {String(row.status).replaceAll('_', ' ')}: only its location and note
                can change.
              </Text>
            )}
          </>
        )}
      />
    </Box>
  );
}
