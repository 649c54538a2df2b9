import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { INVENTORY_IMPORT_JOBS } from '../../../domain/entities/inventory/inventory-import-jobs.entity.ts';
import { INVENTORY_IMPORT_COLUMNS } from '../../../domain/imports/inventory-import.columns.ts';
import { EntityListPage } from '../../common/entity/entity-list-page.tsx';
import { ImportPanel } from '../../common/import/import-panel.tsx';

// Inventory import: upload opening stock, then the log of every import below it. The log
// is remounted after an import so it shows the new job at once.

export function InventoryImportPage() {
  const [imports, setImports] = useState(0);
  return (
    <Stack gap="lg">
      <Title order={3}>Inventory Import</Title>
      <ImportPanel
        url="inventory/inventory-import"
        channel="inventory.imports"
        columns={INVENTORY_IMPORT_COLUMNS}
        onFinished={() => setImports((n) => n + 1)}
      />
      <EntityListPage key={imports} entity={INVENTORY_IMPORT_JOBS} />
    </Stack>
  );
}
