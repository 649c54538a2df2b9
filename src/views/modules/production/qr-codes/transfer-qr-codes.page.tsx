import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  TagsInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconQrcode } from '@tabler/icons-react';
import { useContext, useEffect, useState } from 'react';
import type { Option } from '../../../../api/entity.api.ts';
import { CARTS } from '../../../../domain/entities/production/carts.entity.ts';
import { PAILS } from '../../../../domain/entities/production/pails.entity.ts';
import {
  QR_CODE_PREFIX,
  QR_MAX_COPIES,
  type QrLabel,
  type QrLabelEntityType,
} from '../../../../domain/qr-labels.ts';
import { QR_LABELS } from '../../../../domain/entities/production/production-transfers.entity.ts';
import { SKIDS } from '../../../../domain/entities/production/skids.entity.ts';
import { formatDateTime } from '../../../../domain/formats/date.format.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import {
  EntityRequestContext,
  useEntityApi,
} from '../../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../common/entity-form/form-failure.ts';
import { PrintedLabels, PrintLabelsButton } from '../../../common/qr-labels/printed-labels.tsx';

// Transfer QR code generation (/production/transfer_qr_code_generation): pick carts, skids,
// pails or containers and a number of copies; the server logs the generation and answers the
// codes; the sheet below prints one label per copy. The latest generations are listed, so a
// lost sheet can be found again.

const KINDS: { value: QrLabelEntityType; label: string }[] = [
  { value: 'cart', label: 'Carts' },
  { value: 'skid', label: 'Skids' },
  { value: 'pail', label: 'Pails' },
  { value: 'container', label: 'Containers' },
];
const ENTITY = { cart: CARTS, skid: SKIDS, pail: PAILS } as const;
const API = QR_LABELS.api.replace(/^\/api\//, '');

type LogRow = {
  id: number;
  created_at: string;
  entity_type: string;
  payload: string;
  copies: number;
  created_by_name: string | null;
};

function ThingPicker({
  kind,
  value,
  onChange,
}: {
  kind: Exclude<QrLabelEntityType, 'container'>;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const api = useEntityApi(ENTITY[kind]);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [options, setOptions] = useState<Option[]>([]);
  const [chosen, setChosen] = useState<Option[]>([]);
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
  // Chosen ones stay in the list while the search narrows it, so their chips keep a label.
  const data = [...chosen, ...options.filter((o) => !chosen.some((c) => c.value === o.value))];
  return (
    <MultiSelect
      label={`${KINDS.find((k) => k.value === kind)?.label ?? ''} to label`}
      placeholder="Search by code"
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={data.map((o) => ({ value: String(o.value), label: o.label }))}
      value={value}
      onChange={(ids) => {
        setChosen(data.filter((o) => ids.includes(String(o.value))));
        onChange(ids);
      }}
      w={420}
      maxDropdownHeight={250}
    />
  );
}

export function TransferQrCodesPage() {
  const request = useContext(EntityRequestContext);
  const [kind, setKind] = useState<QrLabelEntityType>('skid');
  const [ids, setIds] = useState<string[]>([]);
  const [codes, setCodes] = useState<string[]>([]);
  const [copies, setCopies] = useState<number>(1);
  const [labels, setLabels] = useState<QrLabel[]>([]);
  const [busy, setBusy] = useState(false);
  const [log, setLog] = useState<LogRow[]>([]);

  const readLog = () =>
    request<{ rows: LogRow[] }>({
      url: API,
      params: { per_page: 15, sort: { field: 'created_at', direction: 'desc' } },
      quiet: true,
    })
      .then((answer) => setLog(answer.data.rows))
      .catch(() => undefined);
  useEffect(() => {
    void readLog();
    // Read once on open; each generation reads it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const picked = kind === 'container' ? codes.length : ids.length;
  async function generate() {
    setBusy(true);
    try {
      const answer = await request<QrLabel[]>({
        url: API,
        method: 'POST',
        data: {
          entity_type: kind,
          entity_ids: kind === 'container' ? [] : ids.map(Number),
          codes: kind === 'container' ? codes : [],
          copies,
        },
      });
      setLabels(answer.data);
      void readLog();
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" p="md">
      <Title order={3}>Transfer QR Codes</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <SegmentedControl
            data={KINDS}
            value={kind}
            onChange={(value) => {
              setKind(value);
              setIds([]);
              setCodes([]);
            }}
            w="fit-content"
          />
          <Group align="flex-end" gap="sm">
            {kind === 'container' ? (
              <TagsInput
                label="Container codes"
                description={`Type each code (${QR_CODE_PREFIX.container}…) and press Enter`}
                value={codes}
                onChange={setCodes}
                w={420}
              />
            ) : (
              <ThingPicker key={kind} kind={kind} value={ids} onChange={setIds} />
            )}
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
              onClick={() => void generate()}
              loading={busy}
              disabled={picked === 0}
            >
              Generate labels
            </Button>
            <PrintLabelsButton labels={labels} />
          </Group>
        </Stack>
      </Paper>
      <PrintedLabels labels={labels} />
      <Stack gap={4}>
        <Title order={5}>Latest generations</Title>
        <Table striped withTableBorder maw={760} data-testid="qr-log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Printed</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Code</Table.Th>
              <Table.Th ta="right">Copies</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {log.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                <Table.Td>{row.entity_type}</Table.Td>
                <Table.Td>{row.payload}</Table.Td>
                <Table.Td ta="right">{formatInteger(row.copies)}</Table.Td>
                <Table.Td>{row.created_by_name ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Stack>
  );
}
