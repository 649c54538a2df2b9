import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  allowedTrainingDocumentActions,
  decideTrainingDocument,
  trainingDocumentMachine,
} from '../../shared/machines/training-document.machine.ts';
import {
  allowedTrainingActions,
  decideTraining,
  scorePasses,
  trainingMachine,
  type TrainingFacts,
} from '../../shared/machines/training.machine.ts';
import type { WorkflowDoc } from '../../../../src/machines/workflows/document-workflow.ts';

// Training's two lifecycles (docs/domain/training.md §8): a document revision is approved, made
// effective and made obsolete by the change roles; a training is signed by its own trainee, scored
// by a trainer against the pass mark, verified by QA (never the scorer), reassigned after a fail
// and cancelled with a reason.

const supervisor = { id: 1, roles: ['training_supervisor'] };
const trainer = { id: 2, roles: ['trainer'] };
const qa = { id: 3, roles: ['qa_manager'] };
const trainee = { id: 4, roles: ['bottler'] };
const other = { id: 5, roles: ['labeler'] };

type Training = WorkflowDoc & TrainingFacts;
const training = (status: string, extra: Partial<TrainingFacts> = {}): Training => ({
  status,
  trainee_id: trainee.id,
  pass_mark: 80,
  ...extra,
});

describe('training document machine', () => {
  it('starts in draft and goes draft → approved → effective → obsolete', () => {
    expect(createActor(trainingDocumentMachine).start().getSnapshot().value).toBe('draft');
    expect(decideTrainingDocument('approve', supervisor, { status: 'draft' })).toEqual({
      kind: 'ok',
      to: 'approved',
    });
    expect(decideTrainingDocument('make_effective', qa, { status: 'approved' })).toEqual({
      kind: 'ok',
      to: 'effective',
    });
    expect(decideTrainingDocument('obsolete', supervisor, { status: 'effective' })).toEqual({
      kind: 'ok',
      to: 'obsolete',
    });
  });

  it('refuses trainers and events a status has not; superseded is never sent', () => {
    expect(decideTrainingDocument('approve', trainer, { status: 'draft' }).kind).toBe('forbidden');
    expect(decideTrainingDocument('make_effective', supervisor, { status: 'draft' }).kind).toBe(
      'unmapped',
    );
    expect(allowedTrainingDocumentActions({ status: 'superseded' }, supervisor)).toEqual([]);
    const [effective, obsolete] = allowedTrainingDocumentActions(
      { status: 'approved' },
      supervisor,
    );
    expect(effective).toMatchObject({ event: 'make_effective', allowed: true, confirm: true });
    expect(obsolete).toMatchObject({ event: 'obsolete', needsReason: true });
  });

  it('offers a trainer no button on a revision: its changes are the change roles’', () => {
    for (const status of ['draft', 'approved', 'effective']) {
      expect(allowedTrainingDocumentActions({ status }, trainer)).toEqual([]);
    }
    expect(allowedTrainingDocumentActions({ status: 'draft' }, qa).map((a) => a.event)).toEqual([
      'approve',
    ]);
  });
});

describe('training machine', () => {
  it('starts assigned; only the trainee signs, once', () => {
    expect(createActor(trainingMachine).start().getSnapshot().value).toBe('assigned');
    expect(decideTraining('sign', trainee, training('assigned'))).toMatchObject({
      kind: 'ok',
      to: 'in_progress',
    });
    expect(decideTraining('sign', other, training('assigned')).kind).toBe('refused');
    expect(decideTraining('sign', trainee, training('overdue'))).toMatchObject({
      kind: 'ok',
      to: 'overdue',
    });
    expect(
      decideTraining('sign', trainee, training('overdue', { signed_at: '2026-01-01' })).kind,
    ).toBe('refused');
  });

  it('completes at the pass mark and fails below it, once signed', () => {
    const signed = { signed_at: '2026-01-02T10:00:00Z' };
    expect(
      decideTraining('complete', trainer, training('in_progress', { ...signed, score: 80 })),
    ).toMatchObject({ kind: 'ok', to: 'completed', event: 'complete' });
    expect(
      decideTraining('complete', trainer, training('in_progress', { ...signed, score: 79.5 })),
    ).toMatchObject({ kind: 'ok', to: 'failed', event: 'fail' });
    expect(
      decideTraining('complete', trainer, training('overdue', { ...signed, score: 90 })),
    ).toMatchObject({ kind: 'ok', to: 'completed' });
    expect(decideTraining('complete', trainer, training('in_progress', { score: 90 })).kind).toBe(
      'refused',
    );
    expect(
      decideTraining('complete', trainee, training('in_progress', { ...signed, score: 90 })).kind,
    ).toBe('forbidden');
    expect(scorePasses({ score: null, pass_mark: 80 })).toBeUndefined();
  });

  it('is verified by QA or the training supervisor, never by the trainer who scored it', () => {
    const completed = training('completed', { trainer_id: supervisor.id });
    expect(decideTraining('verify', qa, completed)).toMatchObject({ kind: 'ok', to: 'verified' });
    expect(decideTraining('verify', supervisor, completed).kind).toBe('refused');
    expect(decideTraining('verify', trainer, training('completed')).kind).toBe('forbidden');
  });

  it('reassigns a failed training, cancels with a reason by the change roles', () => {
    expect(decideTraining('reassign', trainer, training('failed'))).toMatchObject({
      kind: 'ok',
      to: 'assigned',
    });
    expect(decideTraining('cancel', trainer, training('assigned')).kind).toBe('forbidden');
    const cancel = allowedTrainingActions(training('assigned'), qa).find(
      (a) => a.event === 'cancel',
    );
    expect(cancel).toMatchObject({ allowed: true, needsReason: true });
    expect(decideTraining('cancel', qa, training('verified')).kind).toBe('unmapped');
  });

  it('offers one result button (complete) whatever the score will be', () => {
    const events = allowedTrainingActions(
      training('in_progress', { signed_at: '2026-01-02' }),
      trainer,
    ).map((a) => a.event);
    expect(events).toContain('complete');
    expect(events).not.toContain('fail');
  });

  it('offers only what the role may do: the trainer scores, QA verifies and cancels', () => {
    const completed = training('completed', { trainer_id: trainer.id });
    const offered = (user: { id: number; roles: string[] }, doc: Training) =>
      allowedTrainingActions(doc, user).map((a) => a.event);
    // Signing is every role's, for their own training: someone else's says why it is off.
    expect(allowedTrainingActions(training('assigned'), trainer)).toEqual([
      expect.objectContaining({ event: 'sign', allowed: false }),
    ]);
    expect(offered(trainer, completed)).toEqual([]);
    expect(offered(qa, completed)).toEqual(['verify']);
    expect(offered(qa, training('assigned'))).toEqual(['sign', 'cancel']);
    expect(offered(trainer, training('assigned')).includes('cancel')).toBe(false);
    expect(offered(trainer, training('in_progress', { signed_at: '2026-01-02' }))).toEqual([
      'complete',
    ]);
  });
});
