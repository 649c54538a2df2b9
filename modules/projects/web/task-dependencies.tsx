import { ActionIcon, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { predecessorsOf } from './timeline-arrows.tsx';
import type { TaskSave } from './use-task-save.ts';
import type { TaskRow } from '../shared/entities/pm-tasks.entity.ts';

// The project's finish-to-start links, listed under the timeline and added or removed there:
// "Build waits for Design" means Build starts no earlier than the day Design is due. Each change
// is the waiting task's own versioned update; the server refuses loops, other projects' tasks
// and dates that would start a task before what it waits for is due (docs/domain/projects.md §9).

type Props = {
  tasks: readonly TaskRow[];
  editable: boolean;
  save: TaskSave;
};

const optionsOf = (tasks: readonly TaskRow[]) =>
  tasks.map((t) => ({ value: String(t.id), label: t.title }));

export function TaskDependencies({ tasks, editable, save }: Props) {
  const [taskId, setTaskId] = useState<string | null>(null);
  const [predecessorId, setPredecessorId] = useState<string | null>(null);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const links = tasks.flatMap((task) =>
    predecessorsOf(task)
      .filter((id) => byId.has(id))
      .map((id) => ({ task, predecessor: byId.get(id)! })),
  );
  const waiting = taskId ? byId.get(Number(taskId)) : undefined;
  const candidates = tasks.filter(
    (t) => t.id !== waiting?.id && !(waiting && predecessorsOf(waiting).includes(t.id)),
  );

  const add = async () => {
    if (!waiting || !predecessorId) return;
    const ok = await save.save(waiting, {
      depends_on: [...predecessorsOf(waiting), Number(predecessorId)],
    });
    if (ok) setPredecessorId(null);
  };
  const remove = (task: TaskRow, predecessor: number) =>
    save.save(task, { depends_on: predecessorsOf(task).filter((id) => id !== predecessor) });

  return (
    <Stack gap="xs" mt="md" component="section" aria-label="Dependencies">
      <Text fw={600} size="sm">
        Dependencies (finish to start)
      </Text>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          No task waits for another yet.
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {links.map(({ task, predecessor }) => {
            const text = `${task.title} waits for ${predecessor.title}`;
            return (
              <Group key={`${task.id}-${predecessor.id}`} gap="xs" component="li">
                <Text size="sm">{text}</Text>
                {editable && (
                  <Tooltip label="Remove this dependency">
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove: ${text}`}
                      disabled={save.saving}
                      onClick={() => void remove(task, predecessor.id)}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      {editable && tasks.length > 1 && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Task"
            placeholder="The task that waits"
            data={optionsOf(tasks)}
            value={taskId}
            onChange={(v) => {
              setTaskId(v);
              setPredecessorId(null);
            }}
            searchable
            w={240}
          />
          <Select
            label="Waits for"
            placeholder="The task it starts after"
            data={optionsOf(candidates)}
            value={predecessorId}
            onChange={setPredecessorId}
            disabled={!waiting}
            searchable
            w={240}
          />
          <Button
            onClick={() => void add()}
            disabled={!waiting || !predecessorId}
            loading={save.saving}
          >
            Add dependency
          </Button>
        </Group>
      )}
    </Stack>
  );
}
