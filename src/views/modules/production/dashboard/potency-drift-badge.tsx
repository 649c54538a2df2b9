import { Badge, Tooltip } from '@mantine/core';
import type { DriftingOrder } from '../../../../domain/entities/production/potency-chart-values.ts';

// The wall's potency flag (docs/domain/production.md "Potency control charts"): the order whose
// HPLC result made a chart drift, with the Westgard rules in the badge and the charts in its
// tooltip, so a supervisor sees the drift on the floor before any batch fails.

export function PotencyDriftBadge({ drift, wall }: { drift: DriftingOrder; wall: boolean }) {
  return (
    <Tooltip label={`Drifting: ${drift.charts.join(', ')}`} disabled={wall}>
      <Badge
        size={wall ? 'lg' : 'sm'}
        color="red"
        variant="outline"
        tt="none"
        data-testid="potency-drift-badge"
      >
        Potency {drift.rules.join(' ')}
      </Badge>
    </Tooltip>
  );
}
