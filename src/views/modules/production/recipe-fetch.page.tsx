import { Alert, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useContext, useEffect, useState } from 'react';
import { errorText } from '../../../api/error-text.ts';
import { fetchScaledRecipe, type ScaledRecipe } from '../../../api/recipes.api.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { RECIPES } from '../../../domain/entities/production/recipes.entity.ts';
import { rowOf } from '../../../domain/entity/row-of.ts';
import { formatStrength } from '../../../domain/formats/nicotine.format.ts';
import { formatNumber } from '../../../domain/formats/number.format.ts';
import { formatVolume, unitDecimals } from '../../../domain/formats/quantity.format.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';
import { RefSelect } from '../../common/entity-form/ref-select.tsx';
import { StatusTag } from '../../common/status-tag.tsx';

// Recipe calculator (/production/recipe/fetch): pick a recipe and a batch size, read what each
// ingredient takes. The server scales (one rule for the calculator and, later, the MO release).

const RECIPE_FIELD: EntityField = {
  name: 'recipe_id',
  label: 'Recipe',
  kind: 'ref',
  ref: { entity: RECIPES.name, labelField: 'code' },
};

const DEFAULT_ML = 1000;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

type Answer =
  { kind: 'idle' } | { kind: 'ready'; recipe: ScaledRecipe } | { kind: 'failed'; message: string };

export function RecipeFetchPage() {
  const request = useContext(EntityRequestContext);
  const [recipeId, setRecipeId] = useState<number | null>(null);
  const [ml, setMl] = useState<number>(DEFAULT_ML);
  const [answer, setAnswer] = useState<Answer>({ kind: 'idle' });

  // Every change of recipe or size asks again; an older answer arriving late is dropped.
  useEffect(() => {
    if (recipeId === null || !(ml > 0)) return;
    let live = true;
    fetchScaledRecipe(request, recipeId, ml).then(
      (recipe) => live && setAnswer({ kind: 'ready', recipe }),
      (error: unknown) => live && setAnswer({ kind: 'failed', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [request, recipeId, ml]);

  return (
    <Stack gap="md" p="md">
      <Title order={3}>Recipe Calculator</Title>
      <Group align="flex-end" gap="sm">
        <RefSelect
          field={RECIPE_FIELD}
          value={recipeId}
          onChange={setRecipeId}
          label="Recipe"
          w={320}
        />
        <NumberInput
          label="Batch ml"
          value={ml}
          onChange={(value) => setMl(Number(value))}
          min={1}
          max={10_000_000}
          thousandSeparator=","
          decimalScale={2}
          w={180}
        />
      </Group>
      {answer.kind === 'failed' && (
        <Alert color="red" title="The recipe could not be calculated">
          {answer.message}
        </Alert>
      )}
      {answer.kind === 'ready' && <ScaledTable recipe={answer.recipe} />}
    </Stack>
  );
}

function ScaledTable({ recipe }: { recipe: ScaledRecipe }) {
  const head = rowOf(RECIPES, recipe);
  const unit = recipe.basis === 'w_w' ? 'g' : 'ml';
  const total = recipe.ingredients.reduce((sum, line) => sum + line.qty, 0);
  return (
    <Paper withBorder p="md" data-testid="scaled-recipe">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={4}>
            {head.code} v{String(recipe.recipe_version)}
          </Title>
          <StatusTag status={typeof recipe.status === 'string' ? recipe.status : null} />
          <Text c="dimmed">
            {text(recipe.name)} · {text(recipe.product_sku)} ·{' '}
            {formatStrength(head.target_nicotine_mg)}
          </Text>
        </Group>
        <Table striped withTableBorder maw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th ta="right">%</Table.Th>
              <Table.Th ta="right">Quantity ({unit})</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recipe.ingredients.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{line.product_sku}</Table.Td>
                <Table.Td>
                  {line.product_name}
                  {line.is_fill ? ' (fill)' : ''}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(line.effective_pct, 4)}</Table.Td>
                <Table.Td ta="right">{formatNumber(line.qty, unitDecimals(unit))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>Batch of {formatVolume(recipe.ml)}</Table.Th>
              <Table.Th ta="right">{formatNumber(total, unitDecimals(unit))}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Stack>
    </Paper>
  );
}
