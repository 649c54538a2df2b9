import { Alert, Loader } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useUser } from '../../../src/views/session/use-session.ts';
import { EvaluationPanel } from './evaluation-panel.tsx';
import { formulaKey, IngredientsEditor } from './ingredients-editor.tsx';
import { RdSampleScreen } from './rd-sample-header.tsx';
import { useRdSample } from './use-rd-sample.ts';
import { textOf } from '../../../src/views/common/entity-form/form-values.ts';

// /rd/sample/develop/{id}: a sample's hub. The flavorist writes its formula while it is
// requested or in preparation; its evaluations are saved while it is sent or in evaluation;
// the workflow bar moves it on.

const DEVELOPING = ['requested', 'in_preparation'];
const EVALUATING = ['sent', 'in_evaluation'];

export const hasRole = (roles: readonly string[], wanted: readonly string[]) =>
  roles.includes('admin') || wanted.some((r) => roles.includes(r));

export function RdSampleDevelopPage() {
  const id = Number(useParams().id);
  const user = useUser();
  const { sample, reload, write } = useRdSample(id);
  if (!sample) return <Loader m="md" />;
  const status = sample.status ?? '';
  const developing = DEVELOPING.includes(status);
  return (
    <RdSampleScreen sample={sample} onDone={reload}>
      {sample.formula_problem && developing ? (
        <Alert color="yellow" mb="md" title="Before it is prepared">
          {sample.formula_problem === 'more100%'
            ? 'The ingredients add up to more than 100 %'
            : textOf(sample.formula_problem)}
        </Alert>
      ) : null}
      {/* The page follows the sample as others move it; what is typed here stays typed unless
          what it edits changed (ingredients-editor.tsx formulaKey). */}
      <IngredientsEditor
        key={formulaKey(sample)}
        sample={sample}
        editable={developing && hasRole(user.roles, ['rd_flavorist', 'rd_supervisor'])}
        onSave={(lines) => write('ingredients', 'PUT', { ingredients: lines }, 'Ingredients saved')}
      />
      {/* A new evaluation, cleared by its own save: another's evaluation leaves it typed. */}
      <EvaluationPanel
        key={`evaluation ${sample.id}`}
        sample={sample}
        canEvaluate={
          EVALUATING.includes(status) &&
          hasRole(user.roles, ['rd_supervisor', 'rd_quality_control'])
        }
        onSave={(evaluation) => write('evaluations', 'POST', evaluation, 'Evaluation saved')}
      />
    </RdSampleScreen>
  );
}
