import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { ALL_IMPORT_JOBS } from '../../../domain/imports/import-jobs.entity.ts';
import { IMPORT_KINDS } from '../../../domain/imports/import-kinds.ts';
import { ImportPage } from '../../common/import/import-page.tsx';

/** The Imports centre (admin): every kind of import in one place, and every kind's jobs. */
export function ImportsCentrePage() {
  const [type, setType] = useState(IMPORT_KINDS[0]!.type);
  const kind = IMPORT_KINDS.find((k) => k.type === type) ?? IMPORT_KINDS[0]!;
  return (
    <ImportPage
      key={kind.type}
      title="Imports"
      url={kind.url}
      channel={kind.channel}
      columns={kind.columns}
      jobs={ALL_IMPORT_JOBS}
      entityPath={kind.entityPath}
      openJob={(job) => {
        // The centre lists every kind's jobs: each opens with its own kind's columns.
        const its = IMPORT_KINDS.find((k) => k.type === job.type) ?? kind;
        return {
          number: String(job.number),
          fileName: String(job.file_name),
          rowsUrl: `imports/jobs/${job.id}/rows`,
          columns: its.columns,
          entityPath: its.entityPath,
        };
      }}
      above={
        <SegmentedControl
          aria-label="Kind of import"
          data={IMPORT_KINDS.map((k) => ({ value: k.type, label: k.label }))}
          value={kind.type}
          onChange={(value) => setType(value)}
          w="fit-content"
        />
      }
    />
  );
}
