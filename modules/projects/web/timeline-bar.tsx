import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import dayjs from 'dayjs';
import { formatDate } from '../../../src/domain/formats/date.format.ts';
import { addDays, dayAfter } from './timeline-scale.ts';
import type { TaskRow } from '../shared/entities/pm-tasks.entity.ts';

// One task's row of the timeline: its title, its bar from start to due day (filled as far as its
// items are done) and its dates beside the bar. The row is a button: Enter or Space opens the
// task. When the task may change, dragging the bar moves it and dragging its right end moves
// the due day; ←/→ move it a day and Shift+←/→ change its length, Enter saves the move and
// Escape drops it. ↑/↓ go to the next task's row.

export const LABEL_W = 240;
export const ROW_H = 34;
const HANDLE_W = 8;

export type Span = { start: string; due: string };

export const spanOf = (task: Pick<TaskRow, 'start_date' | 'due_date'>): Span => ({
  start: task.start_date,
  due: task.due_date,
});

/** `span` moved by `days`, or with its due day moved (never before its start). */
export function shifted(span: Span, days: number, end: 'both' | 'due'): Span {
  if (end === 'both') return { start: addDays(span.start, days), due: addDays(span.due, days) };
  const due = addDays(span.due, days);
  return { start: span.start, due: due < span.start ? span.start : due };
}

const shortDay = (day: string) => dayjs(day).format('MM/DD');

type Props = {
  task: TaskRow;
  y: number;
  width: number;
  span: Span;
  /** True while `span` is a move not yet saved. */
  moved: boolean;
  color: string;
  focused: boolean;
  editable: boolean;
  x: (day: string) => number;
  /** Whole days a horizontal drag of `dx` pixels is. */
  daysOf: (dx: number) => number;
  rowRef: (el: SVGGElement | null) => void;
  onDraft: (span: Span) => void;
  onCommit: (span: Span) => void;
  onCancel: () => void;
  onOpen: () => void;
  onStep: (rows: number) => void;
  onFocus: () => void;
  onBlur: () => void;
};

export function TimelineBar(p: Props) {
  const { task, y, span } = p;
  const drag = useRef<{ x0: number; from: Span; end: 'both' | 'due'; days: number } | null>(null);
  const dragged = useRef(false);
  const from = p.x(span.start);
  const to = p.x(dayAfter(span.due));
  const barW = Math.max(4, to - from);
  const pct = Math.min(100, Math.max(0, task.progress_pct ?? 0));
  const status = String(task.status).replaceAll('_', ' ');
  const dates = `${formatDate(span.start)} to ${formatDate(span.due)}`;
  const label = `${task.title}: ${dates}, ${status}, ${Math.round(pct)} % done${task.overdue ? ', overdue' : ''}${p.moved ? ', moved, not saved: Enter saves, Escape cancels' : ''}`;
  const dateText = `${shortDay(span.start)} – ${shortDay(span.due)}`;
  // Beside the bar's end, or before its start when the end is near the chart's right edge.
  const textRight = to + 6 + 90 <= p.width;

  const down = (event: PointerEvent<SVGRectElement>, end: 'both' | 'due') => {
    if (!p.editable || event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x0: event.clientX, from: span, end, days: 0 };
    dragged.current = false;
  };
  const move = (event: PointerEvent<SVGRectElement>) => {
    const d = drag.current;
    if (!d) return;
    const days = p.daysOf(event.clientX - d.x0);
    if (days === d.days) return;
    d.days = days;
    dragged.current = true;
    p.onDraft(shifted(d.from, days, d.end));
  };
  const up = () => {
    const d = drag.current;
    drag.current = null;
    if (d && d.days !== 0) p.onCommit(shifted(d.from, d.days, d.end));
  };

  const onKey = (event: KeyboardEvent<SVGGElement>) => {
    const key = event.key;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      p.onStep(key === 'ArrowDown' ? 1 : -1);
    } else if (p.editable && (key === 'ArrowLeft' || key === 'ArrowRight')) {
      event.preventDefault();
      p.onDraft(shifted(span, key === 'ArrowRight' ? 1 : -1, event.shiftKey ? 'due' : 'both'));
    } else if (key === 'Escape' && p.moved) {
      event.preventDefault();
      event.stopPropagation();
      p.onCancel();
    } else if (key === 'Enter' && p.moved) {
      event.preventDefault();
      p.onCommit(span);
    } else if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      p.onOpen();
    }
  };

  return (
    <g
      ref={p.rowRef}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-keyshortcuts={
        p.editable
          ? 'ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Enter Escape'
          : undefined
      }
      data-overdue={task.overdue ? 'true' : 'false'}
      data-task-id={task.id}
      style={{ cursor: 'pointer', outline: 'none' }}
      onClick={() => {
        if (dragged.current) dragged.current = false;
        else p.onOpen();
      }}
      onKeyDown={onKey}
      onFocus={p.onFocus}
      onBlur={p.onBlur}
    >
      <rect
        x={0}
        y={y}
        width={p.width}
        height={ROW_H}
        fill="transparent"
        stroke={p.focused ? '#228be6' : 'none'}
        strokeWidth={2}
      />
      <text x={8} y={y + ROW_H / 2 + 4} fontSize={13} fill={task.overdue ? '#c92a2a' : '#212529'}>
        {task.title.length > 30 ? `${task.title.slice(0, 29)}…` : task.title}
      </text>
      <rect
        x={from}
        y={y + 8}
        width={barW}
        height={ROW_H - 16}
        rx={4}
        fill={p.color}
        fillOpacity={0.35}
        stroke={p.moved ? '#1c7ed6' : 'none'}
        strokeWidth={2}
        strokeDasharray={p.moved ? '4 2' : undefined}
        data-testid="gantt-bar"
        style={{ cursor: p.editable ? 'grab' : 'pointer', touchAction: 'none' }}
        onPointerDown={(e) => down(e, 'both')}
        onPointerMove={move}
        onPointerUp={up}
      />
      <rect
        x={from}
        y={y + 8}
        width={Math.max(0, (barW * pct) / 100)}
        height={ROW_H - 16}
        rx={4}
        fill={p.color}
        pointerEvents="none"
      />
      {p.editable && (
        <rect
          x={from + barW - HANDLE_W / 2}
          y={y + 6}
          width={HANDLE_W}
          height={ROW_H - 12}
          rx={2}
          fill="#fff"
          stroke={p.color}
          data-testid="gantt-bar-end"
          style={{ cursor: 'ew-resize', touchAction: 'none' }}
          onPointerDown={(e) => down(e, 'due')}
          onPointerMove={move}
          onPointerUp={up}
        />
      )}
      <text
        x={textRight ? to + 8 : from - 6}
        y={y + ROW_H / 2 + 4}
        textAnchor={textRight ? 'start' : 'end'}
        fontSize={11}
        fill={p.moved ? '#1864ab' : '#495057'}
        fontWeight={p.moved ? 700 : 400}
        data-testid="bar-dates"
        pointerEvents="none"
      >
        {dateText}
      </text>
      <title>{label}</title>
    </g>
  );
}
