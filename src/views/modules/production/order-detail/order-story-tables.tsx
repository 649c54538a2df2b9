import { Badge } from '@mantine/core';
import type { ProductionOrderStory } from '../../../../domain/entities/production/production-order-story.ts';
import { formatStrength } from '../../../../domain/formats/nicotine.format.ts';
import { formatInteger } from '../../../../domain/formats/number.format.ts';
import { formatPercent } from '../../../../domain/formats/percent.format.ts';
import { DateText } from '../../../common/format/date-text.tsx';
import { StatusTag } from '../../../common/status-tag.tsx';
import { DetailTable, type DetailColumn } from './detail-table.tsx';
import { units } from './order-facts.tsx';
import { verdictColor } from '../../../../domain/status-colors.ts';

// Where the order went after its own row: HPLC samples and their results, label checks, the
// stamping orders that stamped it, and the skids and transfers that carried its units away.

type Hplc = ProductionOrderStory['hplc'][number];
type LabelCheck = ProductionOrderStory['label_checks'][number];
type Stamping = ProductionOrderStory['stamping'][number];
type Skid = ProductionOrderStory['skids'][number];

const str = (value: string | null) => (value === null || value === '' ? '—' : value);
const when = (value: string | null) => (value ? <DateText value={value} withTime /> : '—');
const mg = (value: number | null) => formatStrength(value) || '—';
const pct = (value: number | null) => formatPercent(value, 1) || '—';

/** A result as the lab said it, the override (QA's decision) winning when there is one. */
function verdict(sample: Hplc) {
  const passed = sample.override_passed ?? sample.passed;
  if (passed === null) return <StatusTag status={sample.status} size="sm" />;
  const overridden = sample.override_passed !== null;
  const pass = Boolean(passed);
  return (
    <Verdict pass={pass} text={`${pass ? 'Passed' : 'Failed'}${overridden ? ' (override)' : ''}`} />
  );
}

/** A failure is said as a failure: red, never the neutral tag of a status. */
function Verdict({ pass, text }: { pass: boolean; text: string }) {
  return (
    <Badge color={verdictColor(pass)} variant="light" tt="none" size="sm">
      {text}
    </Badge>
  );
}

const HPLC: DetailColumn<Hplc>[] = [
  { label: 'Sample', cell: (r) => `#${r.sample_no} · ${r.number}` },
  { label: 'Reason', cell: (r) => <StatusTag status={r.reason} size="sm" /> },
  { label: 'Sampled', cell: (r) => when(r.sampled_at) },
  { label: 'Measured', cell: (r) => mg(r.measured_mg), numeric: true },
  { label: 'Nominal', cell: (r) => mg(r.nominal_mg), numeric: true },
  { label: 'Of claim', cell: (r) => pct(r.percent_of_claim), numeric: true },
  {
    label: 'Range',
    cell: (r) =>
      r.min_pct === null || r.max_pct === null ? '—' : `${pct(r.min_pct)} – ${pct(r.max_pct)}`,
  },
  { label: 'Result', cell: verdict },
  { label: 'Tested', cell: (r) => when(r.tested_at) },
  { label: 'Analyst', cell: (r) => str(r.analyst_name) },
];

const LABEL_CHECKS: DetailColumn<LabelCheck>[] = [
  { label: 'When', cell: (r) => when(r.created_at) },
  { label: 'Scanned', cell: (r) => r.scanned_code },
  { label: 'Expected', cell: (r) => str(r.expected_code) },
  { label: 'Lot scanned', cell: (r) => str(r.lot_no_scanned) },
  {
    label: 'Result',
    cell: (r) => (
      <Verdict pass={r.result === 'pass'} text={r.result === 'pass' ? 'Pass' : 'Fail'} />
    ),
  },
  { label: 'By', cell: (r) => str(r.by_name) },
];

const STAMPING: DetailColumn<Stamping>[] = [
  { label: 'Number', cell: (r) => str(r.number) },
  { label: 'Status', cell: (r) => <StatusTag status={r.status} size="sm" /> },
  { label: 'Planned', cell: (r) => units(r.planned_units), numeric: true },
  { label: 'Stamped', cell: (r) => units(r.stamped_units), numeric: true },
  { label: 'Stamps applied', cell: (r) => formatInteger(r.applied_stamps), numeric: true },
  { label: 'Wasted', cell: (r) => formatInteger(r.wasted_stamps), numeric: true },
  { label: 'Damaged', cell: (r) => formatInteger(r.damaged_stamps), numeric: true },
  { label: 'Wasted bottles', cell: (r) => units(r.wasted_bottles), numeric: true },
  { label: 'Started', cell: (r) => when(r.started_at) },
  { label: 'Finished', cell: (r) => when(r.finished_at) },
];

const SKIDS: DetailColumn<Skid>[] = [
  { label: 'Skid', cell: (r) => r.skid_code },
  { label: 'Lot', cell: (r) => r.lot_no },
  { label: 'Units', cell: (r) => units(r.units), numeric: true },
  { label: 'Cases', cell: (r) => formatInteger(r.cases), numeric: true },
  { label: 'Loaded', cell: (r) => when(r.loaded_at) },
  { label: 'Transfer', cell: (r) => str(r.transfer_number) },
  {
    label: 'Transfer status',
    cell: (r) => (r.transfer_status ? <StatusTag status={r.transfer_status} size="sm" /> : '—'),
  },
  { label: 'To', cell: (r) => str(r.to_location) },
  { label: 'Shipped', cell: (r) => when(r.shipped_at) },
  { label: 'Received', cell: (r) => when(r.received_at) },
];

export function OrderStoryTables({ story }: { story: ProductionOrderStory }) {
  return (
    <>
      <DetailTable
        title="HPLC requests and results"
        rows={story.hplc}
        columns={HPLC}
        empty="No HPLC sample yet: one is requested when batching finishes."
      />
      <DetailTable
        title="Label checks"
        rows={story.label_checks}
        columns={LABEL_CHECKS}
        empty="No label check yet."
      />
      {story.stamping.length > 0 && (
        <DetailTable title="Stamping" rows={story.stamping} columns={STAMPING} empty="" />
      )}
      <DetailTable
        title="Skids and transfers"
        rows={story.skids}
        columns={SKIDS}
        empty="No unit loaded on a skid yet."
      />
    </>
  );
}
