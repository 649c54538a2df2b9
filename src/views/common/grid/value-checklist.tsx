import { Checkbox, ScrollArea, Stack, Text } from '@mantine/core';
import { observeElementRect, useVirtualizer, type Rect } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

// The checkbox list of a column filter (docs/product.md §4, §9: at most 250 px high). Long lists (a
// reference to hundreds of rows) render only the boxes in view.

export type ChecklistOption = { value: string; label: string };

/** Past this many options the list is virtualised. */
const VIRTUAL_FROM = 40;
const ROW_HEIGHT = 28;
export const CHECKLIST_MAX_HEIGHT = 250;
const FIRST_SCREEN: Rect = { width: 240, height: CHECKLIST_MAX_HEIGHT };

export interface ValueChecklistProps {
  label: string;
  options: readonly ChecklistOption[];
  checked: readonly string[];
  onChange: (checked: string[]) => void;
}

export function ValueChecklist({ label, options, checked, onChange }: ValueChecklistProps) {
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...checked, value] : checked.filter((v) => v !== value));
  if (options.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No values
      </Text>
    );
  }
  const box = (option: ChecklistOption) => (
    <Checkbox
      key={option.value}
      size="xs"
      label={option.label}
      checked={checked.includes(option.value)}
      onChange={(e) => toggle(option.value, e.currentTarget.checked)}
    />
  );
  if (options.length < VIRTUAL_FROM) {
    return (
      <ScrollArea.Autosize mah={CHECKLIST_MAX_HEIGHT} type="auto" role="group" aria-label={label}>
        <Stack gap={6} py={2}>
          {options.map(box)}
        </Stack>
      </ScrollArea.Autosize>
    );
  }
  return <VirtualChecklist label={label} options={options} box={box} />;
}

function VirtualChecklist({
  label,
  options,
  box,
}: {
  label: string;
  options: readonly ChecklistOption[];
  box: (option: ChecklistOption) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: options.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // Before layout (and where nothing is laid out) the list still shows its first screen.
    initialRect: FIRST_SCREEN,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => callback(rect.height > 0 ? rect : FIRST_SCREEN)),
  });
  return (
    <div
      ref={scroller}
      role="group"
      aria-label={label}
      style={{ maxHeight: CHECKLIST_MAX_HEIGHT, overflowY: 'auto' }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const option = options[item.index];
          return option ? (
            <div
              key={item.key}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
                display: 'flex',
                alignItems: 'center',
              }}
            >
              {box(option)}
            </div>
          ) : null;
        })}
      </div>
    </div>
  );
}
