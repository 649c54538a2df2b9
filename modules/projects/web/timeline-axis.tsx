import dayjs from 'dayjs';
import { formatDate } from '../../../src/domain/formats/date.format.ts';
import { dayTicks, monthStarts, type TimelineScale } from './timeline-scale.ts';

// The timeline's one axis, in days: the month band names the months, the ticks below it are
// days (MM/DD, the year in the band), and the dashed red line is today, dated.

export const AXIS_H = 44;
export const TODAY_COLOR = '#c92a2a';

type Props = {
  scale: TimelineScale;
  chartW: number;
  height: number;
  today: string;
  x: (day: string) => number;
};

export function TimelineAxis({ scale, chartW, height, x }: Omit<Props, 'today'>) {
  // The month the chart opens in is named at its left edge, unless its first day is close.
  const starts = monthStarts(scale);
  const opensMidMonth =
    starts[0] !== scale.first && (starts.length === 0 || x(starts[0]!) - x(scale.first) > 120);
  const months = opensMidMonth ? [scale.first, ...starts] : starts;
  return (
    <g aria-hidden="true">
      {months.map((day) => (
        <g key={`m-${day}`}>
          {day !== scale.first && (
            <line x1={x(day)} x2={x(day)} y1={2} y2={height} stroke="#ced4da" />
          )}
          <text x={x(day) + 4} y={14} fontSize={12} fontWeight={600} fill="#495057">
            {dayjs(day).format('MMMM YYYY')}
          </text>
        </g>
      ))}
      {dayTicks(scale, chartW).map((day) => (
        <g key={`d-${day}`} data-testid="axis-day">
          <line x1={x(day)} x2={x(day)} y1={AXIS_H - 8} y2={height} stroke="#f1f3f5" />
          <text x={x(day) + 3} y={AXIS_H - 10} fontSize={11} fill="#495057">
            {dayjs(day).format('MM/DD')}
          </text>
        </g>
      ))}
    </g>
  );
}

export function TodayLine({ height, today, x }: Pick<Props, 'height' | 'today' | 'x'>) {
  return (
    <g data-testid="today-line" pointerEvents="none">
      <line
        x1={x(today)}
        x2={x(today)}
        y1={AXIS_H - 8}
        y2={height}
        stroke={TODAY_COLOR}
        strokeWidth={2}
        strokeDasharray="4 3"
      />
      <text x={x(today) + 4} y={height - 4} fontSize={11} fontWeight={600} fill={TODAY_COLOR}>
        Today {formatDate(today)}
      </text>
    </g>
  );
}
