import { Group, Select, Text } from '@mantine/core';
import type { ForecastPeriodRow } from '../shared/entities/forecast-periods.entity.ts';
import { formatDate } from '../../../src/domain/formats/date.format.ts';
import { StatusTag } from '../../../src/views/common/status-tag.tsx';

// The forecast period a screen shows, picked by name; its days and status beside it.

export function PeriodPicker({
  periods,
  period,
  onPick,
}: {
  periods: readonly ForecastPeriodRow[];
  period: ForecastPeriodRow | undefined;
  onPick: (id: number) => void;
}) {
  return (
    <Group gap="sm" px="md" pt="md" align="end">
      <Select
        label="Forecast period"
        w={280}
        data={periods.map((p) => ({ value: String(p.id), label: p.name }))}
        value={period ? String(period.id) : null}
        onChange={(value) => value && onPick(Number(value))}
        allowDeselect={false}
        searchable
      />
      {period && (
        <Group gap="xs" pb={4}>
          <Text size="sm" c="dimmed">
            {formatDate(period.start_date)} – {formatDate(period.end_date)}
          </Text>
          <StatusTag status={String(period.status)} />
        </Group>
      )}
    </Group>
  );
}
