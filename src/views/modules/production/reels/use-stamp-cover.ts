import type { StampCoverRow } from '../../../../domain/entities/production/stamp-cover.ts';
import { usePolledRead } from '../../../common/use-polled-read.ts';

// The stamp cover as the panel and the wall show it: read at once, again when a reel or a reel
// request changes (broadcasts on private-production.stamp-cover, at most twice a second), and
// every 30 s, since released orders and the forecast move it without a reel changing.

const REFRESH_MS = 30_000;
const EVENTS = ['cover.changed', 'reel.created', 'reel.updated'];

export function useStampCover(): {
  rows: StampCoverRow[] | null;
  failedAt: number | null;
  reload: () => void;
} {
  const { data, failedAt, reload } = usePolledRead<StampCoverRow[]>(
    'production/stamp-cover',
    'production.stamp-cover',
    EVENTS,
    REFRESH_MS,
  );
  return { rows: data, failedAt, reload };
}
