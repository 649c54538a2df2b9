import { dayAfter } from './timeline-scale.ts';
import type { TaskRow } from '../shared/entities/pm-tasks.entity.ts';

// Finish-to-start arrows: from the end of the predecessor's bar (the day after it is due) to the
// start of the task that waits for it, with an elbow between the two rows.

const ARROW = '#495057';

export function predecessorsOf(task: Pick<TaskRow, 'depends_on'>): number[] {
  return Array.isArray(task.depends_on) ? task.depends_on.map(Number) : [];
}

type Props = {
  tasks: readonly TaskRow[];
  /** The dates a task is drawn at (a move not yet saved included). */
  datesOf: (task: TaskRow) => { start: string; due: string };
  x: (day: string) => number;
  rowMid: (index: number) => number;
  rowH: number;
};

export function ArrowMarker() {
  return (
    <defs>
      <marker
        id="gantt-arrow"
        viewBox="0 0 8 8"
        refX={7}
        refY={4}
        markerWidth={7}
        markerHeight={7}
        orient="auto"
      >
        <path d="M0,0 L8,4 L0,8 z" fill={ARROW} />
      </marker>
    </defs>
  );
}

export function DependencyArrows({ tasks, datesOf, x, rowMid, rowH }: Props) {
  const index = new Map(tasks.map((t, i) => [t.id, i]));
  const paths: { key: string; d: string; label: string }[] = [];
  tasks.forEach((task, i) => {
    for (const id of predecessorsOf(task)) {
      const from = index.get(id);
      if (from === undefined) continue;
      const x1 = x(dayAfter(datesOf(tasks[from]!).due));
      const y1 = rowMid(from);
      const x2 = x(datesOf(task).start);
      const y2 = rowMid(i);
      // Room for an elbow between the bars, or a detour along the row boundary.
      const d =
        x2 - x1 >= 12
          ? `M${x1},${y1} H${x1 + 6} V${y2} H${x2}`
          : `M${x1},${y1} h6 V${y2 + (y2 > y1 ? -1 : 1) * (rowH / 2)} H${x2 - 8} V${y2} H${x2}`;
      paths.push({
        key: `${id}-${task.id}`,
        d,
        label: `${task.title} waits for ${tasks[from]!.title}`,
      });
    }
  });
  return (
    <g data-testid="dependency-arrows" pointerEvents="none">
      {paths.map((p) => (
        <path
          key={p.key}
          d={p.d}
          fill="none"
          stroke={ARROW}
          strokeWidth={1.5}
          markerEnd="url(#gantt-arrow)"
          data-testid="dependency-arrow"
          aria-label={p.label}
        />
      ))}
    </g>
  );
}
