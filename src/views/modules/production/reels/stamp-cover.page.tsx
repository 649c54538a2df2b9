import { Badge } from '@mantine/core';
import { DashboardFrame, useWallDisplay } from '../dashboard/dashboard-frame.tsx';
import { StampCoverPanel } from './stamp-cover-panel.tsx';
import { useStampCover } from './use-stamp-cover.ts';

// production.stamp-cover: the cover panel as a page of its own, made for the wall
// (`?display=wall`: large type, no buttons, red "stale since" when the figures stop coming).

export function StampCoverPage() {
  const wall = useWallDisplay();
  const { rows, failedAt, reload } = useStampCover();
  const below = (rows ?? []).filter((r) => r.below_lead_time === 1).length;
  return (
    <DashboardFrame
      title="Stamp cover"
      staleSince={failedAt}
      headline={
        <Badge size={wall ? 'xl' : 'md'} color={below > 0 ? 'red' : 'green'} variant="light">
          {below} of {rows?.length ?? 0} below lead time
        </Badge>
      }
    >
      <StampCoverPanel rows={rows} onChanged={reload} wall={wall} />
    </DashboardFrame>
  );
}
