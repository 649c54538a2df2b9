import { Box, Button, Divider } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PM_PROJECTS, type ProjectRow } from '../shared/entities/pm-projects.entity.ts';
import { CLOSED_PROJECT_STATUSES } from '../shared/entities/project-values.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { allowedProjectActions } from '../shared/machines/pm-project.machine.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { EntityFormDrawer } from '../../../src/views/common/entity-form/entity-form-drawer.tsx';
import { DocumentTimeline } from '../../../src/views/common/timeline/document-timeline.tsx';
import { closedReason } from './closed-reason.ts';
import { projectTasksPath } from './project-paths.ts';

// /list-projects: every project, live on private-projects; a row opens in a drawer with its
// workflow bar (start, hold, resume, complete, cancel) and the way to its tasks. The list stays
// mounted under its tab when the tasks open, so the drawer closes on the way.

const readOnly = closedReason('project', CLOSED_PROJECT_STATUSES);

/** On a phone: the project, where it stands, when it is due and how far along it is. */
const PROJECT_CARDS = {
  title: 'number',
  subtitle: 'name',
  facts: ['status', 'due_date', 'progress_pct', 'tasks_total'],
} as const;

export function TasksLink({ projectId, onGo }: { projectId: number; onGo: () => void }) {
  return (
    <Button
      size="sm"
      variant="light"
      leftSection={<IconListCheck size={16} />}
      component={Link}
      to={projectTasksPath(projectId)}
      onClick={onGo}
    >
      Tasks
    </Button>
  );
}

export function ProjectsListPage() {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [created, setCreated] = useState<ProjectRow | null>(null);
  // An event changes status and version: the drawer's form reads the project again.
  const [generation, setGeneration] = useState(0);
  return (
    <Box>
      <EntityListPage
        entity={PM_PROJECTS}
        onOpen={(row) => setEditing({ id: row?.id ?? null })}
        created={created}
        phoneCards={PROJECT_CARDS}
      />
      {editing && (
        <EntityFormDrawer
          key={generation}
          entity={PM_PROJECTS}
          id={editing.id}
          opened
          onClose={() => setEditing(null)}
          onSaved={(row) => {
            if (editing.id === null) setCreated(rowOf(PM_PROJECTS, row));
          }}
          readOnlyReason={readOnly}
          toolbar={(row) => (
            <DocumentActions
              entity={PM_PROJECTS}
              doc={row}
              allowed={allowedProjectActions}
              extra={(doc) => <TasksLink projectId={doc.id} onGo={() => setEditing(null)} />}
              onDone={() => setGeneration((g) => g + 1)}
            />
          )}
          footer={(row) => (
            <>
              <Divider />
              <DocumentTimeline entity={PM_PROJECTS} id={row.id} revision={row.version} />
            </>
          )}
        />
      )}
    </Box>
  );
}
