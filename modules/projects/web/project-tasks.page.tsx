import { Alert, Box, Button, Divider, Tabs } from '@mantine/core';
import { IconChartBar, IconList, IconTimeline } from '@tabler/icons-react';
import { useContext, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { childrenApi } from './api/projects.api.ts';
import { PM_PROJECTS } from '../shared/entities/pm-projects.entity.ts';
import { PM_TASKS, type TaskRow } from '../shared/entities/pm-tasks.entity.ts';
import { rowOf } from '../../../src/domain/entity/row-of.ts';
import { allowedProjectActions } from '../shared/machines/pm-project.machine.ts';
import { allowedTaskActions } from '../shared/machines/pm-task.machine.ts';
import { formatDateSpan } from '../../../src/domain/formats/date.format.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { EntityListPage } from '../../../src/views/common/entity/entity-list-page.tsx';
import { EntityFormDrawer } from '../../../src/views/common/entity-form/entity-form-drawer.tsx';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { DocumentTimeline } from '../../../src/views/common/timeline/document-timeline.tsx';
import { parentExtra } from './child-form-extra.ts';
import { closedReason } from './closed-reason.ts';
import { ProjectHeader } from './project-header.tsx';
import { PROJECTS_PATH, PROJECTS_REPORT_PATH, taskItemsPath } from './project-paths.ts';
import { TaskTimeline } from './task-timeline.tsx';
import { useLiveChildren, useLiveRecord } from './use-live-children.ts';

// /projects/tasks/{project_id}: the project on top with its workflow bar, then its tasks as a
// live list (status, assignee, dates, progress) or as a timeline. A task opens in a drawer
// with its own workflow bar and the way to its items.

const readOnly = closedReason('task', ['cancelled']);
const TASK_SORT = { field: 'sort', direction: 'asc' } as const;

function ItemsLink({ taskId, onGo }: { taskId: number; onGo: () => void }) {
  return (
    <Button size="sm" variant="light" component={Link} to={taskItemsPath(taskId)} onClick={onGo}>
      Items
    </Button>
  );
}

export function ProjectTasksPage() {
  const projectId = Number(useParams().project_id);
  const request = useContext(EntityRequestContext);
  const project = useLiveRecord(PM_PROJECTS, projectId);
  const { rows: tasks } = useLiveChildren(PM_TASKS, 'project_id', projectId, TASK_SORT);
  const api = useMemo(
    () => childrenApi(PM_TASKS, 'project_id', projectId, request),
    [projectId, request],
  );
  const extra = useMemo(() => parentExtra('project_id', projectId), [projectId]);
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [created, setCreated] = useState<TaskRow | null>(null);
  const [generation, setGeneration] = useState(0);
  const [view, setView] = useState<string | null>('list');

  if (!Number.isInteger(projectId) || projectId <= 0) {
    return <Alert m="md">No such project.</Alert>;
  }
  const closed = ['completed', 'cancelled'].includes(project?.status ?? '');
  // From the live tasks on screen: a new task changes them before the project row is read.
  const counted = tasks.filter((t) => t.status !== 'cancelled');
  const finished = counted.filter((t) => t.status === 'done').length;
  const progress = counted.length > 0 ? (100 * finished) / counted.length : 0;
  return (
    <Box>
      {project && (
        <ProjectHeader
          title={`${String(project.number)} ${project.name}`}
          status={null}
          facts={[
            `Owner ${project.owner_name ?? ''}`,
            formatDateSpan(project.start_date, project.due_date),
            `${finished} of ${counted.length} tasks done`,
          ]}
          progress={progress}
          actions={
            <>
              <DocumentActions
                entity={PM_PROJECTS}
                doc={project}
                allowed={allowedProjectActions}
                onDone={() => undefined}
              />
              <Button size="sm" variant="subtle" component={Link} to={PROJECTS_PATH}>
                All projects
              </Button>
              <Button
                size="sm"
                variant="subtle"
                leftSection={<IconChartBar size={16} />}
                component={Link}
                to={PROJECTS_REPORT_PATH}
              >
                Report
              </Button>
            </>
          }
        />
      )}
      <Tabs value={view} onChange={setView} mt="sm" keepMounted={false}>
        <Tabs.List px="md">
          <Tabs.Tab value="list" leftSection={<IconList size={16} />}>
            List
          </Tabs.Tab>
          <Tabs.Tab value="timeline" leftSection={<IconTimeline size={16} />}>
            Timeline
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <EntityListPage
            entity={PM_TASKS}
            api={api}
            onOpen={(row) => {
              // A finished project's tasks open to be read; no new one is started there.
              if (row || !closed) setEditing({ id: row?.id ?? null });
            }}
            created={created}
            gridHeight="calc(100vh - 330px)"
            phoneCards={{
              title: 'title',
              facts: ['status', 'start_date', 'due_date', 'progress_pct', 'overdue'],
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="timeline">
          <TaskTimeline
            tasks={tasks}
            api={api}
            editable={!closed}
            onOpen={(task) => setEditing({ id: task.id })}
          />
        </Tabs.Panel>
      </Tabs>
      {editing && (
        <EntityFormDrawer
          key={generation}
          entity={PM_TASKS}
          id={editing.id}
          opened
          extra={extra}
          onClose={() => setEditing(null)}
          onSaved={(row) => {
            if (editing.id === null) setCreated(rowOf(PM_TASKS, row));
          }}
          readOnlyReason={(row) =>
            closed ? 'The project is finished: its tasks no longer change.' : readOnly(row)
          }
          toolbar={(row) => (
            <DocumentActions
              entity={PM_TASKS}
              doc={row}
              allowed={allowedTaskActions}
              extra={(doc) => <ItemsLink taskId={doc.id} onGo={() => setEditing(null)} />}
              onDone={() => setGeneration((g) => g + 1)}
            />
          )}
          footer={(row) => (
            <>
              <Divider />
              <DocumentTimeline entity={PM_TASKS} id={row.id} revision={row.version} />
            </>
          )}
        />
      )}
    </Box>
  );
}
