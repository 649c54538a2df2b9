import { Alert, Anchor, List } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { formatPercent } from '../../../../domain/formats/percent.format.ts';
import { chartPath, useDrifts } from './use-potency.ts';

// The drift flag (docs/domain/production.md "Potency control charts"): every chart whose newest
// result a Westgard rule flags, on the HPLC screens and the QA manager's home; each opens its
// chart. Nothing is shown while no chart drifts.

export function PotencyDriftAlert() {
  const drifts = useDrifts();
  if (!drifts || drifts.length === 0) return null;
  return (
    <Alert color="red" title="Potency drift" data-testid="potency-drift-alert" mx="md" mt="md">
      <List size="sm">
        {drifts.map((d) => (
          <List.Item key={`${d.by}-${d.id}`}>
            <Anchor component={Link} to={chartPath(d.by, d.id)}>
              {d.by} {d.label}
            </Anchor>
            : {d.rules.join(', ')} at {d.order_number} ({formatPercent(d.percent_of_claim, 2)})
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** A page with the drift flag above it (the HPLC orders, where QA decides failed batches). */
export function withDriftAlert(Page: ComponentType): ComponentType {
  const Flagged = () => (
    <>
      <PotencyDriftAlert />
      <Page />
    </>
  );
  Flagged.displayName = `${Page.displayName ?? 'Page'}WithDriftAlert`;
  return Flagged;
}
