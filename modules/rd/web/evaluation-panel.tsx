import { Button, Group, Paper, Select, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { RD_VERDICTS } from '../shared/entities/rd-values.ts';
import { NumberField } from '../../../src/views/common/inputs/number-field.tsx';
import { textOf } from '../../../src/views/common/entity-form/form-values.ts';
import type { RdSampleEvaluationRow } from '../shared/entities/rd-samples.entity.ts';

// A sample's evaluations (score 1–10, verdict, comments), and a new one while the sample is
// sent or in evaluation, by the supervisor or quality control on the sample's page, or by the
// project's requester on the project page.

const VERDICT_LABELS: Record<string, string> = {
  approve: 'Approve',
  revise: 'Revise',
  reject: 'Reject',
};

export type NewEvaluation = { score: number; verdict: string; comments: string | null };

export function EvaluationPanel({
  sample,
  canEvaluate,
  onSave,
  title = 'Evaluations',
}: {
  sample: { evaluations?: RdSampleEvaluationRow[] };
  canEvaluate: boolean;
  onSave: (evaluation: NewEvaluation) => Promise<boolean>;
  title?: string;
}) {
  const rows = sample.evaluations ?? [];
  const [score, setScore] = useState<number | null>(null);
  const [verdict, setVerdict] = useState<string | null>(null);
  const [comments, setComments] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (score === null || verdict === null) return;
    setSaving(true);
    if (await onSave({ score, verdict, comments: comments.trim() || null })) {
      setScore(null);
      setVerdict(null);
      setComments('');
    }
    setSaving(false);
  };
  return (
    <Paper withBorder p="md" mb="md">
      <Title order={4} mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No evaluation yet.
        </Text>
      ) : (
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Evaluator</Table.Th>
              <Table.Th>Score</Table.Th>
              <Table.Th>Verdict</Table.Th>
              <Table.Th>Comments</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{textOf(r.evaluator_name ?? '')}</Table.Td>
                <Table.Td>{r.score}</Table.Td>
                <Table.Td>{VERDICT_LABELS[r.verdict ?? ''] ?? r.verdict}</Table.Td>
                <Table.Td>{textOf(r.comments ?? '')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canEvaluate && (
        <Group mt="sm" align="end">
          <NumberField
            label="Score (1–10)"
            w={120}
            min={1}
            max={10}
            value={score ?? ''}
            onChange={(v) => setScore(v === '' ? null : Number(v))}
          />
          <Select
            label="Verdict"
            w={140}
            data={RD_VERDICTS.map((v) => ({ value: v, label: VERDICT_LABELS[v] ?? v }))}
            value={verdict}
            onChange={setVerdict}
          />
          <Textarea
            label="Comments"
            style={{ flex: 1 }}
            autosize
            minRows={1}
            value={comments}
            onChange={(e) => setComments(e.currentTarget.value)}
          />
          <Button onClick={() => void save()} loading={saving} disabled={!score || !verdict}>
            Save evaluation
          </Button>
        </Group>
      )}
    </Paper>
  );
}
