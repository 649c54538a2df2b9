import { Box, Button, Group } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import {
  SUPPLIER_PRODUCT_LINES,
  SUPPLIERS,
} from '../../../domain/entities/purchase/suppliers.entity.ts';
import { EntityFormPage } from '../../common/entity-form/entity-form-page.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// `/supplier/{id}/view` (docs/product.md §2): the supplier and its products as text, for those who
// look a supplier up; Edit opens the form.

const editLink = (row: EntityRow) => (
  <Group>
    <Button
      component={Link}
      to={`/supplier/${row.id}`}
      size="xs"
      variant="light"
      leftSection={<IconPencil size={14} />}
    >
      Edit
    </Button>
  </Group>
);

export function SupplierViewPage() {
  return (
    <Box p="md">
      <EntityFormPage
        entity={SUPPLIERS}
        lines={SUPPLIER_PRODUCT_LINES}
        listPath="/suppliers"
        readOnlyReason={() => 'Supplier details are read-only here.'}
        toolbar={editLink}
      />
    </Box>
  );
}
