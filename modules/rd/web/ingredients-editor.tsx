import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { nonFillPercent } from '../../../src/domain/entities/production/recipe-formula.ts';
import { RD_SAMPLE_INGREDIENTS, type RdSampleDoc } from '../shared/entities/rd-samples.entity.ts';
import { validationMessage } from '../../../src/domain/validation-codes.ts';
import { RefSelect } from '../../../src/views/common/entity-form/ref-select.tsx';
import { NumberField } from '../../../src/views/common/inputs/number-field.tsx';

// The develop screen's formula: ingredient lines (product, %, fill). The fill line takes what
// the others leave, shown live as they are typed; a sum over 100 % is said at once, as the
// server refuses it (`more100%`). Saved whole, with the sample's version. The product picker
// offers only ingredient types and shows each product's name under its SKU, found by either.

export type IngredientLine = { product_id: number | null; pct: number | null; is_fill: boolean };

const productField = RD_SAMPLE_INGREDIENTS.fields.find((f) => f.name === 'product_id')!;
const round = (n: number) => Math.round(n * 10_000) / 10_000;

function linesOf(sample: RdSampleDoc): IngredientLine[] {
  return (sample.ingredients ?? []).map((r) => ({
    product_id: r.product_id ?? 0,
    pct: r.is_fill ? null : (r.pct ?? 0),
    is_fill: Boolean(r.is_fill),
  }));
}

/**
 * What the editor shows of a sample, as a key: it starts again only when the formula itself
 * changes, so a change elsewhere on the sample (its specifications, an evaluation, a step)
 * leaves a formula being typed as it is.
 */
export const formulaKey = (sample: RdSampleDoc) => `formula ${JSON.stringify(linesOf(sample))}`;

export function IngredientsEditor({
  sample,
  editable,
  onSave,
}: {
  sample: RdSampleDoc;
  editable: boolean;
  onSave: (lines: IngredientLine[]) => Promise<boolean>;
}) {
  const [lines, setLines] = useState<IngredientLine[]>(() => {
    const saved = linesOf(sample);
    return saved.length > 0 ? saved : [{ product_id: null, pct: null, is_fill: false }];
  });
  const [saving, setSaving] = useState(false);
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const sum = round(
    nonFillPercent(lines.map((l) => ({ product_id: 0, percentage: l.pct, is_fill: l.is_fill }))),
  );
  const over = sum > 100;
  const fill = round(Math.max(0, 100 - sum));
  const change = (i: number, patch: Partial<IngredientLine>) =>
    setLines((all) =>
      all.map((line, j) => {
        if (j === i) return { ...line, ...patch };
        // One fill: choosing another clears the previous one.
        return patch.is_fill ? { ...line, is_fill: false } : line;
      }),
    );
  const save = async () => {
    setSaving(true);
    await onSave(lines.filter((l) => l.product_id !== null));
    setSaving(false);
  };
  // The cells of a line, laid out as a table row on a desk and as a card on a phone.
  const cells = (line: IngredientLine, i: number) => ({
    product: (
      <RefSelect
        field={productField}
        aria-label={`Ingredient ${i + 1} product`}
        value={line.product_id}
        disabled={!editable}
        detailShown
        onChange={(value) => change(i, { product_id: value })}
      />
    ),
    pct: line.is_fill ? (
      <Text size="sm" aria-label={`Ingredient ${i + 1} fill %`}>
        {fill}
      </Text>
    ) : (
      <NumberField
        aria-label={`Ingredient ${i + 1} %`}
        precision={4}
        min={0}
        max={100}
        value={line.pct ?? ''}
        disabled={!editable}
        onChange={(value) => change(i, { pct: value === '' ? null : Number(value) })}
      />
    ),
    fill: (
      <Checkbox
        aria-label={`Ingredient ${i + 1} is the fill`}
        label={phone ? 'Fill' : undefined}
        checked={line.is_fill}
        disabled={!editable}
        onChange={(e) => change(i, { is_fill: e.currentTarget.checked, pct: null })}
      />
    ),
    remove: editable && lines.length > 1 && (
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove ingredient ${i + 1}`}
        onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
      >
        <IconTrash size={16} />
      </ActionIcon>
    ),
  });
  return (
    <Paper withBorder p="md" mb="md">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Ingredients</Title>
        <Text size="sm" c={over ? 'red' : undefined} aria-live="polite" data-testid="formula-sum">
          Σ {sum} %{lines.some((l) => l.is_fill) ? ` · fill ${fill} %` : ''}
          {over ? ` — ${validationMessage('more100%')}` : ''}
        </Text>
      </Group>
      {phone ? (
        // On a phone the three narrow columns would leave the product picker a sliver: each
        // line is a card, the picker across its width, % and fill under it.
        <Stack gap="sm" aria-label="Ingredients">
          {lines.map((line, i) => {
            const cell = cells(line, i);
            return (
              <Paper key={i} withBorder p="sm" role="group" aria-label={`Ingredient ${i + 1}`}>
                {cell.product}
                <Group mt="xs" wrap="nowrap" align="center">
                  <Text size="sm" aria-hidden>
                    %
                  </Text>
                  <div style={{ flex: 1 }}>{cell.pct}</div>
                  {cell.fill}
                  {cell.remove}
                </Group>
              </Paper>
            );
          })}
        </Stack>
      ) : (
        <Table aria-label="Ingredients">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th w={140}>%</Table.Th>
              <Table.Th w={80}>Fill</Table.Th>
              <Table.Th w={50} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => {
              const cell = cells(line, i);
              return (
                <Table.Tr key={i}>
                  <Table.Td>{cell.product}</Table.Td>
                  <Table.Td>{cell.pct}</Table.Td>
                  <Table.Td>{cell.fill}</Table.Td>
                  <Table.Td>{cell.remove}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {editable && (
        <Group mt="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              setLines((all) => [...all, { product_id: null, pct: null, is_fill: false }])
            }
          >
            Add ingredient
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={over}>
            Save ingredients
          </Button>
        </Group>
      )}
    </Paper>
  );
}
