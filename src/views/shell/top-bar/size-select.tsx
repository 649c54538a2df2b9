import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconTextSize } from '@tabler/icons-react';
import { UI_SIZES, type UiSize } from '../preferences/ui-cookies.ts';

const LABELS: Record<UiSize, string> = {
  default: 'Default',
  medium: 'Medium',
  small: 'Small',
  mini: 'Mini',
};

/** The UI size (docs/product.md §2: medium by default, remembered). */
export function SizeSelect({ size, onChange }: { size: UiSize; onChange: (size: UiSize) => void }) {
  return (
    <Menu width={140} position="bottom-end">
      <Menu.Target>
        <Tooltip label="Size">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Size">
            <IconTextSize size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {UI_SIZES.map((option) => (
          <Menu.Item
            key={option}
            onClick={() => onChange(option)}
            disabled={option === size}
            fw={option === size ? 700 : undefined}
          >
            {LABELS[option]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
