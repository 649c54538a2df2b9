import { Anchor, Box, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  RD_PROJECTS,
  rdProjectDoc,
  type RdProjectDoc,
} from '../shared/entities/rd-projects.entity.ts';
import { allowedRdProjectActions } from '../shared/machines/rd-project.machine.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { draftOnly } from '../../../src/views/common/entity/draft-only.ts';
import { EntityFormPage } from '../../../src/views/common/entity-form/entity-form-page.tsx';
import { StatusTag } from '../../../src/views/common/status-tag.tsx';
import { BesideTimeline } from '../../../src/views/common/timeline/beside-timeline.tsx';
import { DEVELOP_PATH } from './rd-sample-header.tsx';
import { ProjectSampleEvaluations } from './project-sample-evaluations.tsx';
import { RequestSample } from './request-sample-dialog.tsx';
import { textOf } from '../../../src/views/common/entity-form/form-values.ts';

// /rd/project/{id?}: a project's form, edited while a draft, with its workflow bar; the
// supervisor requests its samples from here, and both roles see them, each leading to its
// develop screen; the project's requester evaluates its sent samples here. The page follows
// the project as others move it (the generic form's followed record), its timeline beside.

export const PROJECTS_PATH = '/rd/projects';

function ProjectSamples({ doc }: { doc: RdProjectDoc }) {
  const rows = doc.samples ?? [];
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="xs">
        Samples
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sample requested yet.
        </Text>
      ) : (
        <Table aria-label="Samples of the project">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sample</Table.Th>
              <Table.Th>Iteration</Table.Th>
              <Table.Th>Flavorist</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Score</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${DEVELOP_PATH}/${s.id}`}>
                    {s.number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{s.iteration}</Table.Td>
                <Table.Td>{s.flavorist_name ? textOf(s.flavorist_name) : '—'}</Table.Td>
                <Table.Td>
                  <StatusTag status={s.status ?? ''} />
                </Table.Td>
                <Table.Td>{s.avg_score == null ? '—' : textOf(s.avg_score)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

export function RdProjectPage() {
  // An event changes status and version: the form reads the project again, bar and all.
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((g) => g + 1);
  return (
    <Box p="md">
      <EntityFormPage
        key={generation}
        entity={RD_PROJECTS}
        listPath={PROJECTS_PATH}
        readOnlyReason={(row) => draftOnly(RD_PROJECTS, row)}
        toolbar={(row) => (
          <DocumentActions
            entity={RD_PROJECTS}
            doc={row}
            allowed={allowedRdProjectActions}
            extra={(doc) => <RequestSample doc={rdProjectDoc(doc)} onDone={reload} />}
            onDone={reload}
          />
        )}
        // The story beside the samples, read again as the followed project's version moves.
        footer={(row) => (
          <BesideTimeline entity={RD_PROJECTS} id={row.id} revision={row.version}>
            <ProjectSamples doc={rdProjectDoc(row)} />
            <ProjectSampleEvaluations project={rdProjectDoc(row)} onDone={reload} />
          </BesideTimeline>
        )}
      />
    </Box>
  );
}
