import { useMantineTheme } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import {
  TRACE_ANCHOR_KINDS,
  TRACE_KIND_LABELS,
  tracePageOf,
  type Trace,
  type TraceAnchorKind,
  type TraceNode,
} from '../../../domain/entities/stock/lot-trace.ts';
import { traceDayText, traceDetailText } from './trace-words.ts';

// The trace drawn left to right: one column per layer the server gave (what went in on the
// left, the anchor in the middle, what it reached on the right), edges as curves from the
// right side of one box to the left side of the next. Plain SVG: the layers come laid out,
// so no graph library earns its weight. A column shows its first boxes and says how many more
// the table holds; a box that can anchor a trace opens it (click, or Enter when focused).

const BOX = { width: 172, height: 44 } as const;
const GAP = { x: 56, y: 10 } as const;
const PAD = 12;
/** Boxes per column; past that the column ends in a "+n more" note. */
const COLUMN_CAP = 30;

const isAnchorKind = (kind: string): kind is TraceAnchorKind =>
  (TRACE_ANCHOR_KINDS as readonly string[]).includes(kind);

type Placed = { node: TraceNode; x: number; y: number };

function layout(trace: Trace) {
  const layers = [...new Set(trace.nodes.map((n) => n.layer))].sort((a, b) => a - b);
  const placed = new Map<string, Placed>();
  const more: Array<{ x: number; y: number; count: number }> = [];
  let height = 0;
  layers.forEach((layer, column) => {
    const nodes = trace.nodes.filter((n) => n.layer === layer);
    const x = PAD + column * (BOX.width + GAP.x);
    nodes.slice(0, COLUMN_CAP).forEach((node, row) => {
      placed.set(node.key, { node, x, y: PAD + row * (BOX.height + GAP.y) });
    });
    const shown = Math.min(nodes.length, COLUMN_CAP);
    if (nodes.length > COLUMN_CAP) {
      more.push({ x, y: PAD + shown * (BOX.height + GAP.y), count: nodes.length - COLUMN_CAP });
    }
    height = Math.max(
      height,
      PAD * 2 + (shown + (nodes.length > shown ? 1 : 0)) * (BOX.height + GAP.y),
    );
  });
  const width = PAD * 2 + layers.length * (BOX.width + GAP.x) - GAP.x;
  return { placed, more, width, height };
}

export function TraceGraph({ trace }: { trace: Trace }) {
  const theme = useMantineTheme();
  const navigate = useNavigate();
  const { placed, more, width, height } = layout(trace);
  const fill = {
    anchor: theme.colors.yellow[1],
    forward: theme.colors.blue[0],
    backward: theme.colors.green[0],
  };
  const stroke = {
    anchor: theme.colors.yellow[7],
    forward: theme.colors.blue[6],
    backward: theme.colors.green[7],
  };
  const open = (node: TraceNode) => {
    if (isAnchorKind(node.kind) && node.key !== trace.anchor) {
      void navigate(`${tracePageOf(node.kind, node.id)}&direction=${trace.direction}`);
    }
  };
  return (
    <svg
      width={width}
      height={height}
      role="img"
      aria-label={`Trace graph of ${trace.nodes.length} records`}
      style={{ display: 'block', fontFamily: theme.fontFamily }}
    >
      <defs>
        <marker
          id="trace-arrow"
          viewBox="0 0 8 8"
          refX="8"
          refY="4"
          markerWidth="6"
          markerHeight="6"
          orient="auto"
        >
          <path d="M0,0 L8,4 L0,8 z" fill={theme.colors.gray[6]} />
        </marker>
      </defs>
      {trace.edges.map((e) => {
        const a = placed.get(e.from);
        const b = placed.get(e.to);
        if (!a || !b) return null;
        const x1 = a.x + BOX.width;
        const y1 = a.y + BOX.height / 2;
        const x2 = b.x;
        const y2 = b.y + BOX.height / 2;
        const bend = Math.max(24, Math.abs(x2 - x1) / 2);
        return (
          <path
            key={`${e.from}>${e.to}`}
            d={`M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`}
            fill="none"
            stroke={theme.colors.gray[5]}
            strokeWidth={1.2}
            markerEnd="url(#trace-arrow)"
          >
            <title>{`${e.from} → ${e.to}${e.qty === null ? '' : ` · ${e.qty}`}`}</title>
          </path>
        );
      })}
      {[...placed.values()].map(({ node, x, y }) => {
        const opens = isAnchorKind(node.kind) && node.key !== trace.anchor;
        return (
          <g
            key={node.key}
            transform={`translate(${x},${y})`}
            data-trace-node={node.key}
            {...(opens
              ? {
                  role: 'link',
                  tabIndex: 0,
                  'aria-label': `Trace from ${TRACE_KIND_LABELS[node.kind]} ${node.label}`,
                  onClick: () => open(node),
                  onKeyDown: (event: React.KeyboardEvent) => {
                    if (event.key === 'Enter') open(node);
                  },
                  style: { cursor: 'pointer' },
                }
              : {})}
          >
            <rect
              width={BOX.width}
              height={BOX.height}
              rx={6}
              fill={fill[node.side]}
              stroke={stroke[node.side]}
              strokeWidth={node.side === 'anchor' ? 2 : 1}
            />
            <text x={8} y={16} fontSize={10} fill={theme.colors.gray[7]}>
              {TRACE_KIND_LABELS[node.kind]}
            </text>
            <text x={8} y={33} fontSize={12} fontWeight={600} fill={theme.black}>
              {node.label.length > 24 ? `${node.label.slice(0, 23)}…` : node.label}
            </text>
            <title>
              {[
                node.label,
                traceDetailText(node.detail),
                traceDayText(node.at),
                node.people.join(', '),
              ]
                .filter(Boolean)
                .join('\n')}
            </title>
          </g>
        );
      })}
      {more.map((m) => (
        <text key={`${m.x}`} x={m.x + 8} y={m.y + 20} fontSize={11} fill={theme.colors.gray[7]}>
          {`+${m.count} more in the table`}
        </text>
      ))}
    </svg>
  );
}
