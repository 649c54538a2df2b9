import { Button, Checkbox, Menu, ScrollArea, Stack } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import type { ColumnLayout } from './column-layout.ts';

// Which columns the grid shows. Hidden-by-default fields (ids, versions, who saved) are here
// to switch on; at least one column always stays visible.

export interface ColumnChooserProps {
  fields: readonly EntityField[];
  layout: ColumnLayout;
  onLayout: (layout: ColumnLayout) => void;
}

export function ColumnChooser({ fields, layout, onLayout }: ColumnChooserProps) {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const hidden = new Set(layout.hidden);
  const visibleCount = layout.order.filter((n) => !hidden.has(n)).length;
  const toggle = (name: string, show: boolean) =>
    onLayout({
      ...layout,
      hidden: show ? layout.hidden.filter((n) => n !== name) : [...layout.hidden, name],
    });
  return (
    <Menu closeOnItemClick={false} position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" leftSection={<IconColumns3 size={14} />}>
          Columns
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Show columns</Menu.Label>
        <ScrollArea.Autosize mah={320} type="auto">
          <Stack gap={8} p={8} role="group" aria-label="Show columns">
            {layout.order.map((name) => {
              const field = byName.get(name);
              if (!field) return null;
              const shown = !hidden.has(name);
              return (
                <Checkbox
                  key={name}
                  size="xs"
                  label={field.label}
                  checked={shown}
                  disabled={shown && visibleCount === 1}
                  onChange={(e) => toggle(name, e.currentTarget.checked)}
                />
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
