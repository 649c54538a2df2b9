import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';

// The counts a floor event carries (finish batching: the batch volume; finish bottling and
// labeling: good and wasted units), asked in a small modal; the server checks them again.

const LABELS: Readonly<Record<string, { label: string; decimals: number; suffix?: string }>> = {
  actual_batch_ml: { label: 'Actual batch volume', decimals: 2, suffix: ' ml' },
  bottled_units: { label: 'Bottled units', decimals: 0 },
  bottling_waste_units: { label: 'Bottling waste units', decimals: 0 },
  labeled_units: { label: 'Labeled units', decimals: 0 },
  label_waste_units: { label: 'Label waste units', decimals: 0 },
};

function CountsForm({
  fields,
  initial,
  onDone,
}: {
  fields: readonly string[];
  initial: Readonly<Record<string, number>>;
  onDone: (values: Record<string, number> | null) => void;
}) {
  const [values, setValues] = useState<Record<string, number | string>>({ ...initial });
  const complete = fields.every((f) => typeof values[f] === 'number');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) onDone(values as Record<string, number>);
      }}
    >
      <Stack>
        {fields.map((field, i) => {
          const spec = LABELS[field] ?? { label: field, decimals: 0 };
          return (
            <NumberInput
              key={field}
              label={spec.label}
              required
              data-autofocus={i === 0 || undefined}
              min={0}
              decimalScale={spec.decimals}
              suffix={spec.suffix}
              thousandSeparator=" "
              value={values[field] ?? ''}
              onChange={(value) => setValues((v) => ({ ...v, [field]: value }))}
            />
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!complete}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for the counts of `fields`; null when the person cancels. */
export function askCounts(
  title: string,
  fields: readonly string[],
  initial: Readonly<Record<string, number>> = {},
): Promise<Record<string, number> | null> {
  return new Promise((resolve) => {
    const id = modals.open({
      title,
      onClose: () => resolve(null),
      children: (
        <CountsForm
          fields={fields}
          initial={initial}
          onDone={(values) => {
            resolve(values);
            modals.close(id);
          }}
        />
      ),
    });
  });
}
