import { Box } from '@mantine/core';
import { useContext } from 'react';
import { EntityRequestContext } from '../../../src/views/common/entity-form/entity-request.context.ts';
import { showFailure } from '../../../src/views/common/entity-form/form-failure.ts';
import { notify } from '../../../src/views/common/notify.tsx';
import { useUser } from '../../../src/views/session/use-session.ts';
import { EvaluationPanel, type NewEvaluation } from './evaluation-panel.tsx';
import type { RdProjectDoc, RdProjectSample } from '../shared/entities/rd-projects.entity.ts';

// The project page's evaluations (docs/domain/rd.md §7 "rd_requester via project page"): each
// sample that is sent or in evaluation, or already evaluated, with its evaluations; the project's
// own requester adds one to a sent sample here (the server refuses anyone else's project).

const EVALUATING = ['sent', 'in_evaluation'];

export function ProjectSampleEvaluations({
  project,
  onDone,
}: {
  project: RdProjectDoc;
  onDone: () => void;
}) {
  const request = useContext(EntityRequestContext);
  const user = useUser();
  const samples = project.samples ?? [];
  const isRequester =
    user.roles.includes('rd_requester') && (project.requester_id ?? 0) === user.id;
  const shown = samples.filter(
    (s) =>
      EVALUATING.includes(s.status ?? '') ||
      (Array.isArray(s.evaluations) && s.evaluations.length > 0),
  );
  const save = async (sample: RdProjectSample, evaluation: NewEvaluation) => {
    try {
      await request({
        url: `rd/samples/${sample.id}/evaluations`,
        method: 'POST',
        data: { ...evaluation, version: sample.version },
      });
      notify.success(`Evaluation of ${sample.number ?? ''} saved`);
      onDone();
      return true;
    } catch (error) {
      showFailure(error, false);
      return false;
    }
  };
  if (shown.length === 0) return null;
  return (
    <Box mt="md">
      {shown.map((s) => (
        <EvaluationPanel
          key={`${s.id}:${s.version}`}
          title={`Evaluations of ${s.number ?? ''}`}
          sample={s}
          canEvaluate={isRequester && EVALUATING.includes(s.status ?? '')}
          onSave={(evaluation) => save(s, evaluation)}
        />
      ))}
    </Box>
  );
}
