import { SegmentedControl } from '@mantine/core';
import type { Density } from './column-layout.ts';

/** Compact rows for scanning long lists, normal rows otherwise. */
export function DensityToggle({
  density,
  onChange,
}: {
  density: Density;
  onChange: (density: Density) => void;
}) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Row density"
      value={density}
      onChange={(value) => onChange(value === 'compact' ? 'compact' : 'normal')}
      data={[
        { value: 'compact', label: 'Compact' },
        { value: 'normal', label: 'Normal' },
      ]}
    />
  );
}
