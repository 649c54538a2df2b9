import { Anchor, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { EntityRow } from '../../../api/entity.api.ts';
import {
  RD_SAMPLE_QUESTIONS,
  type RdSampleHplc,
} from '../../../domain/entities/rd/rd-sample-hplc.ts';
import { formatDate } from '../../../domain/formats/date.format.ts';
import { RD_SAMPLES } from '../../../domain/entities/rd/rd-samples.entity.ts';
import { allowedRdSampleActions } from '../../../machines/workflows/rd-sample.machine.ts';
import { DocumentActions } from '../../common/entity/document-actions.tsx';
import { RdSampleHplcFact } from './rd-sample-hplc.tsx';

// The top of a sample's screens: what it is (number, project, iteration, flavorist, batch),
// its HPLC test when one was asked for, its workflow bar (send asks whether to request HPLC),
// and the way between its develop and specifications screens.

export const DEVELOP_PATH = '/rd/sample/develop';
export const SPECIFICATIONS_PATH = '/rd/sample/specifications';

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '—';

export function RdSampleHeader({ sample, onDone }: { sample: EntityRow; onDone: () => void }) {
  const facts: [string, string][] = [
    ['Project', `${text(sample.project_number)} ${text(sample.project_title)}`],
    ['Iteration', text(sample.iteration)],
    ['Revision of', text(sample.parent_number)],
    ['Flavorist', text(sample.flavorist_name)],
    ['Batch', `${text(sample.batch_size_ml)} ml`],
    ['Due', formatDate(text(sample.due_date)) || '—'],
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
      <RdSampleHplcFact hplc={sample.hplc_request as RdSampleHplc | null | undefined} />
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
