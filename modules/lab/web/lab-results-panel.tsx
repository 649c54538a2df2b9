import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useContext, useState } from 'react';
import { errorText } from '../../../src/api/error-text.ts';
import {
  LAB_RECEIVINGS,
  type LabReceivingDoc,
  type LabReceivingItemRow,
  type LabReceivingRow,
} from '../shared/entities/lab-receivings.entity.ts';
import { COA_REQUIRED_TYPE } from '../shared/entities/lab-values.ts';
import { AttachmentField } from '../../../src/views/common/attachment-field.tsx';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';

// Each item's lab results: its certificate of analysis and its measured flashpoint. They often
// come after the goods, so they may be set until the supervisor inspects; each change is saved
// at once with the receiving's version, and the form reads the receiving again.

const OPEN = new Set<LabReceivingRow['status']>(['draft', 'received']);
const path = `${LAB_RECEIVINGS.api.replace(/^\/api\//, '')}`;

export function LabResultsPanel({ doc, onSaved }: { doc: LabReceivingDoc; onSaved: () => void }) {
  const request = useContext(EntityRequestContext);
  const items = doc.lines ?? [];
  const editable = OPEN.has(doc.status);
  const [error, setError] = useState<string | null>(null);
  const [flashpoints, setFlashpoints] = useState<Record<number, number | string>>({});

  async function save(item: LabReceivingItemRow, data: Record<string, unknown>) {
    setError(null);
    try {
      await request({
        url: `${path}/${doc.id}/items/${item.id}`,
        method: 'PUT',
        data: { version: doc.version, ...data },
      });
      onSaved();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  if (items.length === 0) return null;
  return (
    <Paper withBorder p="sm" aria-label="Lab results">
      <Stack gap="sm">
        <Title order={5}>Lab results</Title>
        {items.map((item) => {
          const isNicotine = item.product_type === COA_REQUIRED_TYPE;
          const flashpoint = flashpoints[item.id] ?? item.flashpoint_c ?? '';
          return (
            <Group key={item.id} align="flex-end" gap="lg" data-testid={`lab-item-${item.id}`}>
              <Text size="sm" fw={500} w={160}>
                {item.product_sku}
                <Text span size="xs" c="dimmed" display="block">
                  Lot {item.supplier_lot_no}
                </Text>
              </Text>
              <AttachmentField
                label={`CoA for ${item.product_sku ?? ''}`}
                required={isNicotine}
                value={
                  item.coa_attachment_id
                    ? {
                        token: item.coa_file_token,
                        file_name: item.coa_file_name ?? '',
                      }
                    : null
                }
                disabled={!editable}
                onUploaded={(meta) => void save(item, { coa_attachment_id: meta.id })}
              />
              <NumberInput
                label="Flashpoint °C"
                decimalScale={1}
                min={-200}
                max={1000}
                w={130}
                value={flashpoint}
                disabled={!editable}
                onChange={(v) => setFlashpoints((f) => ({ ...f, [item.id]: v }))}
              />
              {editable && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() =>
                    void save(item, { flashpoint_c: flashpoint === '' ? null : Number(flashpoint) })
                  }
                >
                  Save flashpoint
                </Button>
              )}
              <Text size="sm" c={item.flashpoint_class_code ? undefined : 'dimmed'}>
                Class: {item.flashpoint_class_code ?? 'none'}
              </Text>
            </Group>
          );
        })}
        {typeof doc.inspection_blocker === 'string' && editable && (
          <Text size="sm" c="orange">
            {doc.inspection_blocker}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
