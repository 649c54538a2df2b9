import { Box } from '@mantine/core';
import { canAccess } from '../../../../domain/access.ts';
import { useUser } from '../../../session/use-session.ts';
import { StampCoverPanel } from './stamp-cover-panel.tsx';
import { useStampCover } from './use-stamp-cover.ts';

// The cover panel above a stamp screen (the reels list, the stamps inventory report), for the
// people the cover is shown to; the others see the screen as before.

function LiveCover() {
  const { rows, reload } = useStampCover();
  return (
    <Box px="md" pt="md">
      <StampCoverPanel rows={rows} onChanged={reload} />
    </Box>
  );
}

export function StampCoverSection() {
  const user = useUser();
  return canAccess(user.roles, 'production_stamp_cover') ? <LiveCover /> : null;
}
