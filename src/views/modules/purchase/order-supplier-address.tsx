import { Group, Text } from '@mantine/core';
import type { PurchaseOrderRow } from '../../../domain/entities/purchase/purchase-orders.entity.ts';

// Where a saved order goes, between its fields and its lines: the supplier's address (its
// country decides the default taxes) and the email Send uses, as the supplier reads now.

export function OrderSupplierAddress({ row }: { row: PurchaseOrderRow | null }) {
  if (!row) return null;
  const address = row.supplier_address ?? '';
  const email = row.supplier_email ?? '';
  return (
    <Group gap="xl" mb="sm">
      <Text size="sm">
        <Text span size="sm" c="dimmed">
          Supplier address:{' '}
        </Text>
        <span aria-label="Supplier address">{address || 'none entered'}</span>
      </Text>
      <Text size="sm">
        <Text span size="sm" c="dimmed">
          Supplier email:{' '}
        </Text>
        <span aria-label="Supplier email">{email || 'none entered'}</span>
      </Text>
    </Group>
  );
}
