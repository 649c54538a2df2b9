import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useContext, useState } from 'react';
import type { EntityRow } from '../../../api/entity.api.ts';
import { EntityRequestContext } from '../../common/entity-form/entity-request.context.ts';
import { showFailure } from '../../common/entity-form/form-failure.ts';
import { textOf } from '../../common/entity-form/form-values.ts';
import { notify } from '../../common/notify.tsx';

// In the promotion dialog: when the sample's liquid is not a product yet, ask for it as a new
// bulk liquid (a product change request the product approvers decide); once approved it is
// offered under Bulk liquid.

export function BulkLiquidRequest({ sample, onDone }: { sample: EntityRow; onDone: () => void }) {
  const request = useContext(EntityRequestContext);
  const [sku, setSku] = useState('');
  const [name, setName] = useState(textOf(sample.project_title ?? ''));
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setBusy(true);
    try {
      const reply = await request<EntityRow>({
        url: `rd/promotable-samples/${sample.id}/bulk-liquid-request`,
        method: 'POST',
        data: { version: sample.version, sku: sku.trim(), name: name.trim() },
      });
      notify.success(
        `Product change ${textOf(reply.data?.number ?? '')} sent to the product approvers`,
        'Bulk liquid requested',
      );
      onDone();
    } catch (error) {
      showFailure(error, false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Text size="sm" c="dimmed">
        No bulk liquid for it yet? Ask for a new one; once approved, promote onto it.
      </Text>
      <Group align="end" grow>
        <TextInput
          label="New bulk liquid SKU"
          value={sku}
          maxLength={40}
          onChange={(e) => setSku(e.currentTarget.value)}
        />
        <TextInput
          label="Its name"
          value={name}
          maxLength={160}
          onChange={(e) => setName(e.currentTarget.value)}
        />
      </Group>
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={busy}
          disabled={!sku.trim() || !name.trim()}
          onClick={() => void ask()}
        >
          Request bulk liquid
        </Button>
      </Group>
    </Stack>
  );
}
