import { Button, Group, MultiSelect, NumberInput, Paper, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconQrcode } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { EntityApi, Option } from '../../../src/api/entity.api.ts';
import { RECEIVING_CONTAINERS } from '../shared/entities/receiving-containers.entity.ts';
import { rowOf, type RowOf } from '../../../src/domain/entity/row-of.ts';
import { QR_MAX_COPIES } from '../../../src/domain/qr-labels.ts';
import { formatMeasured } from '../../../src/domain/formats/quantity.format.ts';
import type { TableQueryInput } from '../../../src/domain/table-filter/table-query.types.ts';
import { useEntityApi } from '../../../src/views/common/entity-form/entity-request.context.ts';
import {
  PrintedLabels,
  PrintLabelsButton,
} from '../../../src/views/common/qr-labels/printed-labels.tsx';
import type { PrintableLabel } from '../../../src/views/common/qr-labels/qr-label-sheet.tsx';

// Printable QR labels of lab containers (docs/product.md §2 Lab Receiving qr-code-generation): the
// section's roles pick containers by code (or arrive with `?codes=CT-00001,CT-00002`, or with
// `?receiving=LR-00012` from a receiving's "Print container labels", which labels all of its
// containers at once) and print one label per copy. The payload is the container's code, as on
// the production sheets, whose label sheet this page reuses; beside it each label prints what
// the person handling the drum reads: product, lot, net quantity, flashpoint class, receiving.

/** A container as its list reads it; the unit of its net quantity comes beside the fields. */
type ContainerRow = RowOf<typeof RECEIVING_CONTAINERS> & { measure_code?: string | null };

/** A container row as its label: the code to scan and the lines to read. */
function containerLabel(row: ContainerRow, copies: number): PrintableLabel {
  const unit = row.measure_code ?? '';
  const details = [
    { label: 'Product', value: `${row.product_sku ?? ''} ${row.product_name ?? ''}`.trim() },
    { label: 'Lot', value: row.lot_no || (row.supplier_lot_no ?? '') },
    {
      label: 'Net',
      value:
        row.net_qty === null || row.net_qty === undefined ? '' : formatMeasured(row.net_qty, unit),
    },
    { label: 'Flashpoint', value: row.flashpoint_class || 'not classed' },
    { label: 'Receiving', value: row.lab_receiving_number ?? '' },
  ].filter((d) => d.value !== '');
  return { entity_type: 'container', entity_id: row.id, payload: row.code ?? '', copies, details };
}

const byCode = { field: 'code', direction: 'asc' } as const;

/** The container rows of the codes, or of the receiving numbered `receiving`, by code. */
async function containerRows(
  api: EntityApi,
  which: { codes: readonly string[] } | { receiving: string },
): Promise<ContainerRow[]> {
  const query: TableQueryInput =
    'codes' in which
      ? {
          filter: [
            {
              field: 'code',
              field_type: 'text',
              filters: [{ operator: 'in', value: which.codes }],
            },
          ],
          sort: byCode,
          per_page: 500,
        }
      : {
          filter: [
            {
              field: 'lab_receiving_number',
              field_type: 'text',
              filters: [{ operator: 'equals', value: which.receiving }],
            },
          ],
          sort: byCode,
          per_page: 500,
        };
  return (await api.list(query)).rows.map((row) => rowOf(RECEIVING_CONTAINERS, row));
}

export function LabQrCodesPage() {
  const api = useEntityApi(RECEIVING_CONTAINERS);
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [options, setOptions] = useState<Option[]>([]);
  const [codes, setCodes] = useState<string[]>(() =>
    (params.get('codes') ?? '').split(',').filter((c) => /^CT-\d+$/.test(c)),
  );
  const [copies, setCopies] = useState(1);
  const [labels, setLabels] = useState<PrintableLabel[]>([]);
  const [busy, setBusy] = useState(false);
  const receiving = params.get('receiving') ?? '';

  // Arriving from a receiving: its containers are picked and their labels made at once.
  useEffect(() => {
    if (!/^LR-\d+$/.test(receiving)) return;
    let live = true;
    containerRows(api, { receiving })
      .then((rows) => {
        if (!live) return;
        setCodes(rows.map((r) => r.code ?? ''));
        setLabels(rows.map((r) => containerLabel(r, 1)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, receiving]);

  async function generate() {
    setBusy(true);
    try {
      const rows = await containerRows(api, { codes });
      const found = new Map(rows.map((r) => [r.code ?? '', r]));
      setLabels(
        codes.flatMap((code) => {
          const row = found.get(code);
          return row ? [containerLabel(row, copies)] : [];
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    let live = true;
    api
      .options(debounced)
      .then((found) => live && setOptions(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, debounced]);

  const data = [...new Set([...codes, ...options.map((o) => o.label)])].map((code) => ({
    value: code,
    label: code,
  }));

  return (
    <Stack gap="md" p="md">
      <Title order={3}>
        Container QR Labels{/^LR-\d+$/.test(receiving) ? ` of ${receiving}` : ''}
      </Title>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm">
          <MultiSelect
            label="Containers to label"
            placeholder="Search by code (CT-…)"
            searchable
            clearable
            searchValue={search}
            onSearchChange={setSearch}
            data={data}
            value={codes}
            onChange={setCodes}
            w={420}
            maxDropdownHeight={250}
          />
          <NumberInput
            label="Copies of each"
            value={copies}
            onChange={(value) => setCopies(Math.max(1, Math.round(Number(value) || 1)))}
            min={1}
            max={QR_MAX_COPIES}
            w={140}
          />
          <Button
            leftSection={<IconQrcode size={16} />}
            disabled={codes.length === 0}
            loading={busy}
            onClick={() => void generate()}
          >
            Generate labels
          </Button>
          <PrintLabelsButton labels={labels} />
        </Group>
      </Paper>
      <PrintedLabels labels={labels} />
    </Stack>
  );
}
