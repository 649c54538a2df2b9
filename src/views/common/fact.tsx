import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

// One labelled value of a record read as text (a detail page's facts): the label small and
// dimmed above, the value below.

export function Fact({
  label,
  children,
  multiline = false,
}: {
  label: string;
  children: ReactNode;
  /** Keeps the value's own line breaks (a description typed over several lines). */
  multiline?: boolean;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={multiline ? { whiteSpace: 'pre-wrap' } : undefined}>
        {children}
      </Text>
    </div>
  );
}
