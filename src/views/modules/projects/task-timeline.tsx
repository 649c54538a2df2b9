import { Box, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { EntityRow } from '../../../api/entity.api.ts';
import { dayAfter, monthStarts, timelineScale } from './timeline-scale.ts';

// A project's tasks as a Gantt chart in plain SVG: one bar from start to due day per task,
// filled as far as its items are done, red when overdue, a dashed line at today. Each bar is a
// button: Tab reaches the chart, ↑/↓ move between tasks, Enter or Space opens the one focused.

const LABEL_W = 240;
const ROW_H = 34;
const AXIS_H = 28;
const COLORS = {
  planned: '#228be6',
  done: '#2f9e44',
  cancelled: '#adb5bd',
  overdue: '#e03131',
  blocked: '#f08c00',
} as const;

function colorOf(task: EntityRow): string {
  if (task.status === 'done') return COLORS.done;
  if (task.status === 'cancelled') return COLORS.cancelled;
  if (task.overdue) return COLORS.overdue;
  if (task.status === 'blocked') return COLORS.blocked;
  return COLORS.planned;
}

export function TaskTimeline({
  tasks,
  onOpen,
}: {
  tasks: readonly EntityRow[];
  onOpen: (task: EntityRow) => void;
}) {
  const { ref, width: boxWidth } = useElementSize();
  const rows = useRef<(SVGGElement | null)[]>([]);
  const [focused, setFocused] = useState<number | null>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const spans = tasks.map((t) => ({
    id: t.id,
    start_date: String(t.start_date),
    due_date: String(t.due_date),
  }));
  const scale = timelineScale(spans, today);
  const chartW = Math.max(200, boxWidth - LABEL_W - 8);
  const height = AXIS_H + tasks.length * ROW_H + 8;
  const x = (day: string) => LABEL_W + scale.x(day, chartW);

  const onKey = (event: KeyboardEvent<SVGGElement>, index: number) => {
    const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (move !== 0) {
      event.preventDefault();
      rows.current[Math.min(tasks.length - 1, Math.max(0, index + move))]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(tasks[index]!);
    }
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
      {tasks.length === 0 ? (
        <Text c="dimmed" size="sm">
          No tasks yet: add the first one under List.
        </Text>
      ) : (
        <svg
          width="100%"
          height={height}
          role="group"
          aria-label="Task timeline"
          style={{ display: 'block', fontFamily: 'inherit' }}
        >
          {tasks.map((task, i) => (
            <rect
              key={`stripe-${task.id}`}
              x={0}
              y={AXIS_H + i * ROW_H}
              width={LABEL_W + chartW}
              height={ROW_H}
              fill={focused === i ? '#e7f5ff' : i % 2 ? '#f8f9fa' : 'transparent'}
            />
          ))}
          {monthStarts(scale).map((day) => (
            <g key={day}>
              <line x1={x(day)} x2={x(day)} y1={AXIS_H - 6} y2={height} stroke="#dee2e6" />
              <text x={x(day) + 4} y={AXIS_H - 10} fontSize={11} fill="#868e96">
                {dayjs(day).format('MMM YYYY')}
              </text>
            </g>
          ))}
          {tasks.map((task, i) => {
            const y = AXIS_H + i * ROW_H;
            const from = x(String(task.start_date));
            const to = x(dayAfter(String(task.due_date)));
            const pct = Math.min(100, Math.max(0, Number(task.progress_pct ?? 0)));
            const color = colorOf(task);
            const label = `${String(task.title)}: ${String(task.start_date)} to ${String(task.due_date)}, ${String(task.status).replaceAll('_', ' ')}, ${Math.round(pct)} % done${task.overdue ? ', overdue' : ''}`;
            return (
              <g
                key={task.id}
                ref={(el) => {
                  rows.current[i] = el;
                }}
                role="button"
                tabIndex={0}
                aria-label={label}
                data-overdue={task.overdue ? 'true' : 'false'}
                style={{ cursor: 'pointer', outline: 'none' }}
                onClick={() => onOpen(task)}
                onKeyDown={(e) => onKey(e, i)}
                onFocus={() => setFocused(i)}
                onBlur={() => setFocused((f) => (f === i ? null : f))}
              >
                <rect
                  x={0}
                  y={y}
                  width={LABEL_W + chartW}
                  height={ROW_H}
                  fill="transparent"
                  stroke={focused === i ? '#228be6' : 'none'}
                />
                <text
                  x={8}
                  y={y + ROW_H / 2 + 4}
                  fontSize={13}
                  fill={task.overdue ? COLORS.overdue : '#212529'}
                >
                  {String(task.title).length > 30
                    ? `${String(task.title).slice(0, 29)}…`
                    : String(task.title)}
                </text>
                <rect
                  x={from}
                  y={y + 8}
                  width={Math.max(4, to - from)}
                  height={ROW_H - 16}
                  rx={4}
                  fill={color}
                  fillOpacity={0.35}
                />
                <rect
                  x={from}
                  y={y + 8}
                  width={Math.max(0, ((to - from) * pct) / 100)}
                  height={ROW_H - 16}
                  rx={4}
                  fill={color}
                />
                <title>{label}</title>
              </g>
            );
          })}
          <line
            x1={x(today)}
            x2={x(today)}
            y1={AXIS_H - 6}
            y2={height}
            stroke={COLORS.overdue}
            strokeWidth={2}
            strokeDasharray="4 3"
            data-testid="today-line"
          />
          <text x={x(today) + 4} y={height - 4} fontSize={11} fill={COLORS.overdue}>
            Today
          </text>
        </svg>
      )}
    </Box>
  );
}
