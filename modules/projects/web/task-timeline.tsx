import { Alert, Box, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import type { EntityApi } from '../../../src/api/entity.api.ts';
import { formatDate } from '../../../src/domain/formats/date.format.ts';
import { ArrowMarker, DependencyArrows } from './timeline-arrows.tsx';
import { AXIS_H, TimelineAxis, TodayLine } from './timeline-axis.tsx';
import { LABEL_W, ROW_H, spanOf, TimelineBar, type Span } from './timeline-bar.tsx';
import { daysDragged, timelineScale } from './timeline-scale.ts';
import { TaskDependencies } from './task-dependencies.tsx';
import { useTaskSave } from './use-task-save.ts';
import type { TaskRow } from '../shared/entities/pm-tasks.entity.ts';

// A project's tasks as a Gantt chart in plain SVG: one bar from start to due day per task,
// filled as far as its items are done, red when overdue, dates on the axis and beside each bar,
// a dashed line at today, and an arrow from each task to those that wait for it. A bar is
// rescheduled by dragging it (or its right end) or with the keys (timeline-bar.tsx), saved
// through the task's versioned update; refusals are told above the chart.
//
// Why not a Gantt library: the maintained React one (SVAR React Gantt, MIT) added 250 KB
// (80 KB gzip) of script and 149 KB of global CSS to the build, brings date-fns beside dayjs,
// and has its own keyboard model and editor; the others are unmaintained or need MUI. The
// rules that matter here (the versioned save, the server's refusals, these keys) are ours either
// way, so the chart stays a few small SVG components.

const COLORS = {
  planned: '#228be6',
  done: '#2f9e44',
  cancelled: '#adb5bd',
  overdue: '#e03131',
  blocked: '#f08c00',
} as const;

function colorOf(task: TaskRow): string {
  if (task.status === 'done') return COLORS.done;
  if (task.status === 'cancelled') return COLORS.cancelled;
  if (task.overdue) return COLORS.overdue;
  if (task.status === 'blocked') return COLORS.blocked;
  return COLORS.planned;
}

const DATES_W = 96;

/** A move on screen: while `version` is set it is saved, shown until the list brings it. */
type Draft = Span & { id: number; version?: number };

export function TaskTimeline({
  tasks,
  api,
  editable,
  onOpen,
}: {
  tasks: readonly TaskRow[];
  api: EntityApi;
  /** False once the project is finished: the chart is read only. */
  editable: boolean;
  onOpen: (task: TaskRow) => void;
}) {
  const { ref, width: boxWidth } = useElementSize();
  const rows = useRef<(SVGGElement | null)[]>([]);
  const [focused, setFocused] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useTaskSave(api);
  const today = dayjs().format('YYYY-MM-DD');

  const live = (task: TaskRow) =>
    draft !== null &&
    draft.id === task.id &&
    (draft.version === undefined || task.version < draft.version);
  const spanFor = (task: TaskRow): Span => (live(task) ? draft! : spanOf(task));
  const spans = tasks.map((t) => ({
    id: t.id,
    start_date: spanFor(t).start,
    due_date: spanFor(t).due,
  }));
  const scale = timelineScale(spans, today);
  // Room right of the last day for the dates written beside a bar that ends there.
  const chartW = Math.max(200, boxWidth - LABEL_W - DATES_W - 8);
  const width = LABEL_W + chartW + DATES_W;
  const height = AXIS_H + tasks.length * ROW_H + 18;
  const x = (day: string) => LABEL_W + scale.x(day, chartW);
  const rowMid = (i: number) => AXIS_H + i * ROW_H + ROW_H / 2;
  const canMove = (task: TaskRow) => editable && task.status !== 'cancelled' && !save.saving;
  const pending = tasks.find((t) => live(t) && draft?.version === undefined);

  const commit = async (task: TaskRow, span: Span) => {
    if (span.start === task.start_date && span.due === task.due_date) {
      setDraft(null);
      return;
    }
    setDraft({ ...span, id: task.id, version: task.version + 1 });
    const ok = await save.save(task, { start_date: span.start, due_date: span.due });
    if (!ok) setDraft(null);
  };

  return (
    <Box ref={ref} px="md" py="sm" data-testid="task-timeline">
      <Group gap="md" mb="xs">
        {(
          [
            ['On track', COLORS.planned],
            ['Blocked', COLORS.blocked],
            ['Overdue', COLORS.overdue],
            ['Done', COLORS.done],
            ['Cancelled', COLORS.cancelled],
          ] as const
        ).map(([label, color]) => (
          <Group key={label} gap={4}>
            <Box w={12} h={12} bg={color} style={{ borderRadius: 2 }} />
            <Text size="xs">{label}</Text>
          </Group>
        ))}
      </Group>
      {editable && tasks.length > 0 && (
        <Text size="xs" c="dimmed" mb="xs">
          Drag a bar to move a task, or its right end to change the due day. With the keyboard: ←/→
          move the focused task a day, Shift+←/→ change its length, Enter saves, Escape cancels.
        </Text>
      )}
      {save.failure && (
        <Alert
          color="red"
          mb="xs"
          withCloseButton
          onClose={() => save.clear()}
          role="alert"
          title="Not saved"
        >
          {save.failure}
        </Alert>
      )}
      <Text size="sm" aria-live="polite" data-testid="timeline-status" mb={4} mih={20}>
        {pending
          ? `${pending.title}: ${formatDate(draft!.start)} to ${formatDate(draft!.due)}, not saved yet: Enter saves, Escape cancels.`
          : ''}
      </Text>
      {tasks.length === 0 ? (
        <Text c="dimmed" size="sm">
          No tasks yet: add the first one under List.
        </Text>
      ) : (
        <Box style={{ overflowX: 'auto' }}>
          <svg
            width={width}
            height={height}
            role="group"
            aria-label="Task timeline"
            style={{ display: 'block', fontFamily: 'inherit', userSelect: 'none' }}
          >
            <ArrowMarker />
            {tasks.map((task, i) => (
              <rect
                key={`stripe-${task.id}`}
                x={0}
                y={AXIS_H + i * ROW_H}
                width={width}
                height={ROW_H}
                fill={focused === i ? '#e7f5ff' : i % 2 ? '#f8f9fa' : 'transparent'}
              />
            ))}
            <TimelineAxis scale={scale} chartW={chartW} height={height} x={x} />
            {tasks.map((task, i) => (
              <TimelineBar
                key={task.id}
                task={task}
                y={AXIS_H + i * ROW_H}
                width={width}
                span={spanFor(task)}
                moved={live(task) && draft?.version === undefined}
                color={colorOf(task)}
                focused={focused === i}
                editable={canMove(task)}
                x={x}
                daysOf={(dx) => daysDragged(scale, chartW, dx)}
                rowRef={(el) => {
                  rows.current[i] = el;
                }}
                onDraft={(span) => {
                  save.clear();
                  setDraft({ ...span, id: task.id });
                }}
                onCommit={(span) => void commit(task, span)}
                onCancel={() => setDraft(null)}
                onOpen={() => onOpen(task)}
                onStep={(step) =>
                  rows.current[Math.min(tasks.length - 1, Math.max(0, i + step))]?.focus()
                }
                onFocus={() => setFocused(i)}
                onBlur={() => setFocused((f) => (f === i ? null : f))}
              />
            ))}
            <DependencyArrows tasks={tasks} datesOf={spanFor} x={x} rowMid={rowMid} rowH={ROW_H} />
            <TodayLine height={height} today={today} x={x} />
          </svg>
        </Box>
      )}
      <TaskDependencies tasks={tasks} editable={editable} save={save} />
    </Box>
  );
}
