import { Stack, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { EntityDeclaration } from '../../../domain/entity/entity-declaration.ts';
import type { ImportColumn } from '../../../domain/imports/import-column.ts';
import { EntityListPage } from '../entity/entity-list-page.tsx';
import { ImportJobRows, type OpenedImportJob } from './import-job-rows.tsx';
import { ImportPanel } from './import-panel.tsx';
import type { EntityRow } from '../../../domain/entities/entity-row.ts';

// An import screen: upload a file, then the log of every import of that kind below it. The
// log is remounted after an import so it shows the new job at once. A job of the log opens
// (double-click or Enter) on the rows it logged.

export interface ImportPageProps {
  title: string;
  /** The upload route without the /api base, e.g. `inventory/inventory-import`. */
  url: string;
  /** The importer's channel without `private-`, e.g. `inventory.imports`. */
  channel: string;
  columns: readonly ImportColumn[];
  /** The log of this kind's imports. */
  jobs: EntityDeclaration;
  /** Shown under the title, e.g. the Imports centre's choice of kind. */
  above?: ReactNode;
  /** The screen of what a row made (`:id`), linked from a job's rows. */
  entityPath?: string;
  /** Where a job of the log reads its rows and with which columns; this kind's by default. */
  openJob?: (job: EntityRow) => OpenedImportJob;
}

export function ImportPage({
  title,
  url,
  channel,
  columns,
  jobs,
  above,
  entityPath,
  openJob,
}: ImportPageProps) {
  const [imports, setImports] = useState(0);
  const [opened, setOpened] = useState<OpenedImportJob | null>(null);
  const open = (job: EntityRow) =>
    setOpened(
      openJob?.(job) ?? {
        number: String(job.number),
        fileName: String(job.file_name),
        rowsUrl: `${url}/jobs/${job.id}/rows`,
        columns,
        entityPath,
      },
    );
  return (
    <Stack gap={0}>
      {/* The log brings its own padding; the upload gets the same, so their edges line up. */}
      <Stack gap="md" p="md" pb={0}>
        <Title order={3}>{title}</Title>
        {above}
        <ImportPanel
          url={url}
          channel={channel}
          columns={columns}
          onFinished={() => setImports((n) => n + 1)}
        />
      </Stack>
      <EntityListPage key={imports} entity={jobs} onOpen={(job) => job && open(job)} />
      {opened && <ImportJobRows job={opened} onClose={() => setOpened(null)} />}
    </Stack>
  );
}
