import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconClock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useContext, useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { entityApi } from '../../../src/api/entity.api.ts';
import { PM_PROJECTS } from '../shared/entities/pm-projects.entity.ts';
import { PM_TASK_ITEMS, type TaskItemRow } from '../shared/entities/pm-task-items.entity.ts';
import { PM_TASKS } from '../shared/entities/pm-tasks.entity.ts';
import { CLOSED_TASK_STATUSES } from '../shared/entities/project-values.ts';
import { formatDate, formatDateSpan } from '../../../src/domain/formats/date.format.ts';
import { formatNumber } from '../../../src/domain/formats/number.format.ts';
import { allowedTaskActions } from '../shared/machines/pm-task.machine.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { DateField } from '../../../src/views/common/inputs/date-field.tsx';
import { ProjectHeader } from './project-header.tsx';
import { itemRecordsPath, projectTasksPath } from './project-paths.ts';
import { useLiveChildren, useLiveRecord } from './use-live-children.ts';

// /projects/tasks/items/{task_id}: a task's checklist. Ticking an item (click, or Space on its
// checkbox) sends its tick event; the server writes the task's progress in the same
// transaction and both changes come back live. New items are added on the line below.

const ITEM_SORT = { field: 'id', direction: 'asc' } as const;

export function TaskItemsPage() {
  const taskId = Number(useParams().task_id);
  const request = useContext(EntityRequestContext);
  const task = useLiveRecord(PM_TASKS, taskId);
  const project = useLiveRecord(PM_PROJECTS, task?.project_id ?? 0);
  const { rows: items, loading } = useLiveChildren(PM_TASK_ITEMS, 'task_id', taskId, ITEM_SORT);
  const api = useMemo(() => entityApi(PM_TASK_ITEMS, request), [request]);
  const [busy, setBusy] = useState<number | null>(null);
  const [title, setTitle] = useState('');
  const [due, setDue] = useState<string | null>(null);

  const closed = task ? CLOSED_TASK_STATUSES.includes(task.status ?? '') : true;
  // From the live items, as the server computes the task's progress_pct from them: a removed
  // item changes the figure before the task row is read again.
  const done = items.filter((i) => i.status === 'done').length;

  async function toggle(item: TaskItemRow) {
    setBusy(item.id);
    try {
      await request({
        url: `${PM_TASK_ITEMS.api.replace(/^\/api\//, '')}/${item.id}/events/${item.status === 'done' ? 'untick' : 'tick'}`,
        method: 'POST',
        data: { version: item.version },
      });
    } catch {
      // The shell has said why; the live rows still show what the server holds.
    } finally {
      setBusy(null);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (title.trim() === '') return;
    await api.create({ task_id: taskId, title: title.trim(), ...(due ? { due_date: due } : {}) });
    setTitle('');
    setDue(null);
  }

  if (!Number.isInteger(taskId) || taskId <= 0) return <Alert m="md">No such task.</Alert>;
  return (
    <Box>
      {task && (
        <ProjectHeader
          title={task.title}
          status={null}
          facts={[
            project ? `${String(project.number)} ${project.name}` : null,
            task.assignee_name ? `Assignee ${task.assignee_name}` : null,
            formatDateSpan(task.start_date, task.due_date),
            `${done} of ${items.length} items done`,
          ]}
          progress={items.length > 0 ? (100 * done) / items.length : 0}
          actions={
            <>
              <DocumentActions
                entity={PM_TASKS}
                doc={task}
                allowed={allowedTaskActions}
                onDone={() => undefined}
              />
              <Button
                size="sm"
                variant="subtle"
                component={Link}
                to={projectTasksPath(task.project_id)}
              >
                Project tasks
              </Button>
            </>
          }
        />
      )}
      <Paper withBorder mx="md" mt="md">
        <Table highlightOnHover aria-label="Task items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>Done</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th>Assignee</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th ta="right">Hours</Table.Th>
              <Table.Th w={170} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Tooltip label="Reopen the task to change its items" disabled={!closed}>
                    <Checkbox
                      aria-label={`Done: ${item.title}`}
                      checked={item.status === 'done'}
                      disabled={closed || busy === item.id}
                      onChange={() => void toggle(item)}
                    />
                  </Tooltip>
                </Table.Td>
                <Table.Td td={item.status === 'done' ? 'line-through' : undefined}>
                  {item.title}
                </Table.Td>
                <Table.Td>{item.assignee_name ?? ''}</Table.Td>
                <Table.Td>{formatDate(item.due_date ?? '')}</Table.Td>
                <Table.Td ta="right">{formatNumber(item.hours ?? 0, 2)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} to={itemRecordsPath(item.id)} size="sm">
                      <Group gap={4} wrap="nowrap">
                        <IconClock size={14} /> Log hours
                      </Group>
                    </Anchor>
                    {!closed && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${item.title}`}
                        onClick={() =>
                          void api.remove(item.id, item.version).catch(() => undefined)
                        }
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {!loading && items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" size="sm">
                    No items yet: add the first below.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      {!closed && (
        <form onSubmit={(e) => void add(e)} aria-label="New item">
          <Group mx="md" mt="sm" align="end">
            <TextInput
              label="New item"
              placeholder="What needs doing"
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              maxLength={200}
              w={360}
            />
            <DateField label="Due" value={due} onChange={setDue} withShortcuts={false} w={160} />
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              disabled={title.trim() === ''}
            >
              Add item
            </Button>
          </Group>
        </form>
      )}
    </Box>
  );
}
