import { Button, Group, MultiSelect, NumberInput, Paper, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconQrcode } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Option } from '../../../api/entity.api.ts';
import { RECEIVING_CONTAINERS } from '../../../domain/entities/lab/receiving-containers.entity.ts';
import {
  QR_MAX_COPIES,
  type QrLabel,
} from '../../../domain/entities/production/production-transfer-values.ts';
import { useEntityApi } from '../../common/entity-form/entity-request.context.ts';
import { PrintedLabels, PrintLabelsButton } from '../../common/qr-labels/printed-labels.tsx';

// Printable QR labels of lab containers (spec §2 Lab Receiving qr-code-generation): the
// section's roles pick containers by code (or arrive with `?codes=CT-00001,CT-00002` from a
// receiving) and print one label per copy. The payload is the container's code, as on the
// production sheets, whose label sheet this page reuses.

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
  const [labels, setLabels] = useState<QrLabel[]>([]);

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
      <Title order={3}>Container QR Labels</Title>
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
            onClick={() =>
              setLabels(
                codes.map((payload) => ({
                  entity_type: 'container',
                  entity_id: null,
                  payload,
                  copies,
                })),
              )
            }
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
