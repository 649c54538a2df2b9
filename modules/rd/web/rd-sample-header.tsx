import { Anchor, Box, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RD_SAMPLE_QUESTIONS } from '../shared/entities/rd-sample-hplc.ts';
import {
  RD_SAMPLE_EVALUATIONS,
  RD_SAMPLE_SPECIFICATIONS,
  RD_SAMPLES,
  type RdSampleDoc,
} from '../shared/entities/rd-samples.entity.ts';
import { declareEntity } from '../../../src/domain/entity/entity-declaration.ts';
import { allowedRdSampleActions } from '../shared/machines/rd-sample.machine.ts';
import { DocumentActions } from '../../../src/views/common/entity/document-actions.tsx';
import { BesideTimeline } from '../../../src/views/common/timeline/beside-timeline.tsx';
import { formatDate } from '../../../src/domain/formats/date.format.ts';
import { RdSampleHplcFact } from './rd-sample-hplc.tsx';

// The top of a sample's screens: what it is (number, project, iteration, flavorist, batch),
// its HPLC test when one was asked for, its workflow bar (send asks whether to request HPLC),
// and the way between its develop and specifications screens. Under it, each screen's own
// work beside the sample's timeline (its steps and writes, who and when), read again as the
// followed sample's version moves (use-rd-sample.ts).

export const DEVELOP_PATH = '/rd/sample/develop';
export const SPECIFICATIONS_PATH = '/rd/sample/specifications';

/**
 * The sample as its timeline reads it: its own fields, and the names its work is audited under
 * (modules/rd/server/routes/rd-sample-work.routes.ts): the formula, each specification, an
 * evaluation's score, verdict and comments, each under its label and in its format.
 */
const RD_SAMPLE_STORY = declareEntity({
  ...RD_SAMPLES,
  fields: [
    ...RD_SAMPLES.fields,
    { name: 'formula', label: 'Formula', kind: 'text' },
    ...RD_SAMPLE_SPECIFICATIONS.fields.filter((f) => f.name !== 'hplc_category_id'),
    ...RD_SAMPLE_EVALUATIONS.fields.filter((f) =>
      ['score', 'verdict', 'comments'].includes(f.name),
    ),
  ],
});

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '—';

export function RdSampleHeader({ sample, onDone }: { sample: RdSampleDoc; onDone: () => void }) {
  const facts: [string, string][] = [
    ['Project', `${text(sample.project_number)} ${text(sample.project_title)}`],
    ['Iteration', text(sample.iteration)],
    ['Revision of', text(sample.parent_number)],
    ['Flavorist', text(sample.flavorist_name)],
    ['Batch', `${text(sample.batch_size_ml)} ml`],
    // The day in the company's format, never the wire's ISO text.
    ['Due', formatDate(sample.due_date) || '—'],
  ];
  return (
    <Paper withBorder p="md" mb="md">
      <Group justify="space-between" mb="sm">
        <Title order={3}>Sample {text(sample.number)}</Title>
        <Group gap="sm">
          <Anchor component={Link} to={`${DEVELOP_PATH}/${sample.id}`}>
            Develop
          </Anchor>
          <Anchor component={Link} to={`${SPECIFICATIONS_PATH}/${sample.id}`}>
            Specifications
          </Anchor>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 6 }} mb="sm">
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      <RdSampleHplcFact hplc={sample.hplc_request} />
      <DocumentActions
        entity={RD_SAMPLES}
        doc={sample}
        allowed={allowedRdSampleActions}
        questions={RD_SAMPLE_QUESTIONS}
        onDone={onDone}
      />
    </Paper>
  );
}

/** A sample's screen: its header, then `children` beside its timeline. */
export function RdSampleScreen({
  sample,
  onDone,
  children,
}: {
  sample: RdSampleDoc;
  onDone: () => void;
  children: ReactNode;
}) {
  return (
    <Box p="md">
      <RdSampleHeader sample={sample} onDone={onDone} />
      <BesideTimeline entity={RD_SAMPLE_STORY} id={sample.id} revision={sample.version}>
        {children}
      </BesideTimeline>
    </Box>
  );
}
