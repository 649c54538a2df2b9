import { Badge } from '@mantine/core';
import type { StampCoverRow } from '../../../../domain/entities/production/stamp-cover.ts';
import { DashboardFrame, useWallDisplay } from '../dashboard/dashboard-frame.tsx';
import { StampCoverPanel } from './stamp-cover-panel.tsx';
import { useStampCover } from './use-stamp-cover.ts';

// production.stamp-cover: the cover panel as a page of its own, made for the wall
// (`?display=wall`: large type, no buttons, red "stale since" when the figures stop coming).

/** Below the lead time first, then the fewest days of cover; no need last. */
const byCover = (a: StampCoverRow, b: StampCoverRow) =>
  b.below_lead_time - a.below_lead_time ||
  (a.cover_days ?? Infinity) - (b.cover_days ?? Infinity) ||
  a.jurisdiction_name.localeCompare(b.jurisdiction_name);

export function StampCoverPage() {
  const wall = useWallDisplay();
  const { rows, failedAt, reload } = useStampCover();
  const below = (rows ?? []).filter((r) => r.below_lead_time === 1).length;
  // On the wall the shortest cover comes first, so what needs stamps is read without scrolling.
  const shown = wall && rows ? [...rows].sort(byCover) : rows;
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
      <StampCoverPanel rows={shown} onChanged={reload} wall={wall} />
    </DashboardFrame>
  );
}
