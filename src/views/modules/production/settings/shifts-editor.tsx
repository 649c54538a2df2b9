import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Shift } from '../../../../domain/entities/production/production-settings.ts';

// The report shifts as rows of code, name, start and end; the server checks the whole list.

export function ShiftsEditor({
  value,
  onChange,
}: {
  value: readonly Shift[];
  onChange: (next: Shift[]) => void;
}) {
  const set = (index: number, patch: Partial<Shift>) =>
    onChange(value.map((shift, i) => (i === index ? { ...shift, ...patch } : shift)));
  return (
    <Stack gap={4}>
      {value.map((shift, i) => (
        <Group key={i} gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`Shift ${i + 1} code`}
            placeholder="code"
            value={shift.code}
            onChange={(e) => set(i, { code: e.currentTarget.value })}
            w={110}
          />
          <TextInput
            aria-label={`Shift ${i + 1} name`}
            placeholder="Name"
            value={shift.name}
            onChange={(e) => set(i, { name: e.currentTarget.value })}
            w={160}
          />
          <TextInput
            aria-label={`Shift ${i + 1} start`}
            placeholder="HH:mm"
            value={shift.start}
            onChange={(e) => set(i, { start: e.currentTarget.value })}
            w={80}
          />
          <TextInput
            aria-label={`Shift ${i + 1} end`}
            placeholder="HH:mm"
            value={shift.end}
            onChange={(e) => set(i, { end: e.currentTarget.value })}
            w={80}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove shift ${i + 1}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...value, { code: '', name: '', start: '', end: '' }])}
        >
          Add shift
        </Button>
      </Group>
    </Stack>
  );
}
