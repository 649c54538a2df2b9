import { Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CHART_SUBJECTS,
  type ChartSubject,
} from '../../../../domain/entities/production/potency-chart-values.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import { PotencyChartPlot } from './potency-chart-plot.tsx';
import { PotencyDriftAlert } from './potency-drift-alert.tsx';
import { ReworkProposal } from './rework-proposal.tsx';
import { usePotencyChart, useSubjects } from './use-potency.ts';

// potency-charts (docs/domain/production.md "Potency control charts"): choose a product, recipe
// or batcher and see its results' % of claim with the limits and the Westgard flags the server
// judged; a click on a result (or the newest, by default) shows its order and proposed rework.
// The choice lives in the URL (?by=product&id=12), so a drift's link opens its chart.

const LABELS: Record<ChartSubject, string> = {
  product: 'Product',
  recipe: 'Recipe',
  batcher: 'Batcher',
};

const isSubject = (value: string | null): value is ChartSubject =>
  (CHART_SUBJECTS as readonly (string | null)[]).includes(value);

export function PotencyChartsPage() {
  const [params, setParams] = useSearchParams();
  const by: ChartSubject = isSubject(params.get('by'))
    ? (params.get('by') as ChartSubject)
    : 'product';
  const id = Number(params.get('id')) || null;
  const subjects = useSubjects(by);
  const chart = usePotencyChart(by, id);
  const [picked, setPicked] = useState<number | null>(null);
  const points = chart?.id === id ? chart.points : [];
  const newest = points.at(-1) ?? null;
  const selected = picked ?? newest?.production_order_id ?? null;
  const choose = (nextBy: ChartSubject, nextId: number | null) => {
    setPicked(null);
    setParams(nextId === null ? { by: nextBy } : { by: nextBy, id: String(nextId) });
  };
  return (
    <Stack gap="md" pb="md">
      <PotencyDriftAlert />
      <Paper withBorder p="sm" mx="md">
        <Group align="end">
          <SegmentedControl
            value={by}
            onChange={(value) => choose(value, null)}
            data={CHART_SUBJECTS.map((value) => ({ value, label: LABELS[value] }))}
          />
          <Select
            label={LABELS[by]}
            placeholder={`Choose a ${by}`}
            searchable
            w={360}
            data={(subjects ?? []).map((s) => ({
              value: String(s.id),
              label: `${s.label} (${formatInteger(s.results)})`,
            }))}
            value={id === null ? null : String(id)}
            onChange={(value) => choose(by, value === null ? null : Number(value))}
          />
        </Group>
      </Paper>
      {id !== null && chart && (
        <Paper withBorder p="sm" mx="md">
          <Group justify="space-between" mb="xs">
            <Title order={3} fz={16}>
              % of claim, newest {formatInteger(points.length)} results
            </Title>
            {chart.drift.length > 0 ? (
              <Text c="red" fw={700} data-testid="potency-drift">
                Drift: {chart.drift.join(', ')}
              </Text>
            ) : (
              <Text c="dimmed" size="sm">
                In control
              </Text>
            )}
          </Group>
          <PotencyChartPlot points={points} onSelect={(p) => setPicked(p.production_order_id)} />
          <Text size="xs" c="dimmed">
            Centre and ±1/2/3 s from the last in-control results before each one (sigma = MR-bar /
            1.128); red results complete a Westgard rule (1-3s, 2-2s, R-4s, 4-1s, 10-x).
          </Text>
        </Paper>
      )}
      {selected !== null && (
        <Stack mx="md">
          <ReworkProposal key={selected} orderId={selected} />
        </Stack>
      )}
    </Stack>
  );
}
