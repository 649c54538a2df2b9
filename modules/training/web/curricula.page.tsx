import { Box, Tabs } from '@mantine/core';
import { useState } from 'react';
import {
  TRAINING_PROJECT_DOCUMENTS,
  TRAINING_PROJECTS,
} from '../shared/entities/training-projects.entity.ts';
import { rowOf, type RowOf } from '../../../src/domain/entity/row-of.ts';
import { EntityFormDrawer } from '../../../src/views/common/entity-form/entity-form-drawer.tsx';
import { entityScreen } from '../../../src/views/common/entity/entity-screen.tsx';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { AssignCurriculumButton } from './assign-curriculum-button.tsx';

// Curricula (training-projects): each for one role, with its documents in order. A
// curriculum's drawer assigns it to its role; its documents are listed and added on the
// second tab (a document there moves on to each new effective revision by itself).

const CurriculumDocuments = entityScreen(TRAINING_PROJECT_DOCUMENTS);

function Curricula() {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [generation, setGeneration] = useState(0);
  const [created, setCreated] = useState<RowOf<typeof TRAINING_PROJECTS> | null>(null);
  return (
    <>
      <EntityListPage
        entity={TRAINING_PROJECTS}
        onOpen={(row) => setEditing({ id: row?.id ?? null })}
        created={created}
        phoneCards={{
          title: 'code',
          subtitle: 'name',
          facts: ['role_name', 'documents_count', 'trainings_count', 'active'],
        }}
      />
      {editing && (
        <EntityFormDrawer
          key={generation}
          entity={TRAINING_PROJECTS}
          id={editing.id}
          opened
          onClose={() => setEditing(null)}
          onSaved={(row) => {
            if (editing.id === null) setCreated(rowOf(TRAINING_PROJECTS, row));
          }}
          toolbar={(row) => (
            <AssignCurriculumButton
              row={rowOf(TRAINING_PROJECTS, row)}
              onDone={() => setGeneration((g) => g + 1)}
            />
          )}
        />
      )}
    </>
  );
}

export function CurriculaPage() {
  const [tab, setTab] = useState<string | null>('curricula');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false} pt="xs">
      <Box px="md">
        <Tabs.List>
          <Tabs.Tab value="curricula">Curricula</Tabs.Tab>
          <Tabs.Tab value="documents">Curriculum documents</Tabs.Tab>
        </Tabs.List>
      </Box>
      <Tabs.Panel value="curricula">
        <Curricula />
      </Tabs.Panel>
      <Tabs.Panel value="documents">
        <CurriculumDocuments />
      </Tabs.Panel>
    </Tabs>
  );
}
