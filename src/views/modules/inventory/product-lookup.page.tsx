import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBarcode, IconExternalLink, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { FetchedProduct } from '../../../api/product-fetch.api.ts';
import { PRODUCTS, productRow } from '../../../domain/entities/inventory/products.entity.ts';
import {
  STOCK_ON_HAND,
  type StockOnHandRow,
} from '../../../domain/entities/stock/stock-on-hand.entity.ts';
import type { EntityField } from '../../../domain/entity/entity-field.ts';
import { formatMeasured } from '../../../domain/formats/quantity.format.ts';
import { cellText } from '../../common/grid/cell-text.ts';
import { StatusTag } from '../../common/status-tag.tsx';
import { useProductLookup } from './use-product-lookup.ts';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// Product lookup (/inventory/product/fetch): made for a barcode scanner, which types the code
// and presses Enter. The box has the cursor from the start and keeps it; after each answer
// its text is selected, so the next scan replaces it. The answer is the product's card, its
// totals, and where its stock is, by location, lot and bin.

const PRODUCT_FIELD = new Map(PRODUCTS.fields.map((f) => [f.name, f]));
const STOCK_FIELD = new Map(STOCK_ON_HAND.fields.map((f) => [f.name, f]));

/** The card's facts, in reading order; empty ones are left out. */
const CARD_FIELDS = [
  'type',
  'upc',
  'family_name',
  'brand_name',
  'flavor_name',
  'category_name',
  'measure_code',
  'nicotine_mg',
  'nicotine_type',
  'volume_ml',
  'is_lot_tracked',
  'reorder_point',
] as const;

const STOCK_COLUMNS = [
  'location_name',
  'lot_no',
  'lot_status',
  'expiry_date',
  'bin_code',
  'qty_on_hand',
  'allocated',
  'available',
] as const;

const QTY_COLUMNS = new Set(['qty_on_hand', 'allocated', 'available']);

const statusOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** The product's unit of measure ('ea', 'ml'): its quantities are counted in it. */
const unitOf = (product: EntityRow) => productRow(product).measure_code ?? '';

export function ProductLookupPage() {
  const { lookup, find } = useProductLookup();
  const input = useRef<HTMLInputElement>(null);

  // After every answer the code is selected: the next scan types over it.
  useEffect(() => {
    if (lookup.kind !== 'searching') input.current?.select();
  }, [lookup.kind]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    find(input.current?.value ?? '');
  };

  return (
    <Stack gap="md" p="md">
      <Title order={3}>Product Lookup</Title>
      <form onSubmit={submit} aria-label="Product lookup">
        <Group align="flex-end" gap="sm">
          <TextInput
            ref={input}
            name="code"
            label="SKU or UPC"
            placeholder="Scan or type a SKU or UPC, then Enter"
            leftSection={<IconBarcode size={18} />}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            w={380}
            size="md"
          />
          <Button
            type="submit"
            size="md"
            leftSection={<IconSearch size={16} />}
            loading={lookup.kind === 'searching'}
          >
            Find
          </Button>
        </Group>
      </form>

      {lookup.kind === 'searching' && (
        <Group gap="xs">
          <Loader size="sm" role="status" aria-label="Searching" />
          <Text size="sm" c="dimmed">
            Looking up {lookup.code}…
          </Text>
        </Group>
      )}
      {lookup.kind === 'missing' && (
        <Alert color="yellow" title="Not found" data-testid="lookup-missing">
          No product has the SKU or UPC “{lookup.code}”. Check the code, or scan again.
        </Alert>
      )}
      {lookup.kind === 'failed' && (
        <Alert color="red" title="The lookup failed">
          {lookup.message}
        </Alert>
      )}
      {lookup.kind === 'found' && <ProductCard product={lookup.product} stock={lookup.stock} />}
    </Stack>
  );
}

function Fact({ field, row }: { field: EntityField; row: EntityRow }) {
  const text = cellText(field, row);
  if (text === '') return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {field.label}
      </Text>
      <Text size="sm">{text}</Text>
    </div>
  );
}

function Total({ label, value, unit }: { label: string; value: number; unit: string }) {
  return (
    <Paper withBorder p="sm" radius="sm" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {formatMeasured(value, unit)}
      </Text>
    </Paper>
  );
}

function ProductCard({
  product,
  stock,
}: {
  product: FetchedProduct;
  stock: readonly StockOnHandRow[];
}) {
  const { availability } = product;
  return (
    <Paper withBorder p="md" data-testid="product-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={4}>{cellText(PRODUCT_FIELD.get('sku') as EntityField, product)}</Title>
              <StatusTag status={statusOf(product.status)} />
            </Group>
            <Text>{cellText(PRODUCT_FIELD.get('name') as EntityField, product)}</Text>
          </div>
          <Button
            component={Link}
            to={`/inventory/products/${product.id}`}
            variant="light"
            leftSection={<IconExternalLink size={16} />}
          >
            Open product
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="sm">
          {CARD_FIELDS.map((name) => {
            const field = PRODUCT_FIELD.get(name);
            return field ? <Fact key={name} field={field} row={product} /> : null;
          })}
        </SimpleGrid>
        <SimpleGrid cols={3} spacing="sm" maw={560}>
          <Total label="On hand" value={availability.on_hand} unit={unitOf(product)} />
          <Total label="Allocated" value={availability.allocated} unit={unitOf(product)} />
          <Total label="Available" value={availability.available} unit={unitOf(product)} />
        </SimpleGrid>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Availability by location and lot
          </Text>
          {stock.length === 0 ? (
            <Text size="sm" c="dimmed">
              No stock on hand in any location.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped withTableBorder aria-label="Availability by location and lot">
                <Table.Thead>
                  <Table.Tr>
                    {STOCK_COLUMNS.map((name) => (
                      <Table.Th key={name} ta={QTY_COLUMNS.has(name) ? 'right' : undefined}>
                        {STOCK_FIELD.get(name)?.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stock.map((row) => (
                    <Table.Tr key={row.id}>
                      {STOCK_COLUMNS.map((name) => {
                        const field = STOCK_FIELD.get(name) as EntityField;
                        return (
                          <Table.Td key={name} ta={QTY_COLUMNS.has(name) ? 'right' : undefined}>
                            {name === 'lot_status' ? (
                              <StatusTag status={row.lot_status} size="sm" />
                            ) : (
                              cellText(field, { ...row, measure_code: unitOf(product) }) || '—'
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
