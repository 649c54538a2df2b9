import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  allowedRdProjectActions,
  RD_PROJECT_TRANSITIONS,
  rdProjectMachine,
  type RdProjectFacts,
} from '../../shared/machines/rd-project.machine.ts';
import {
  allowedRdSampleActions,
  RD_SAMPLE_TRANSITIONS,
  rdSampleMachine,
  type RdSampleFacts,
} from '../../shared/machines/rd-sample.machine.ts';
import { decide, type WorkflowDoc } from '../../../../src/machines/workflows/document-workflow.ts';

// R&D's two lifecycles (docs/domain/rd.md §7): a project submitted by its requester, decided, held,
// resumed, completed by the supervisor once a sample is approved; a sample developed by the
// flavorist (project approved, formula valid), sent by quality control (specifications
// complete), evaluated, decided by the supervisor, cancelled with a reason.

const requester = { id: 1, roles: ['rd_requester'] };
const supervisor = { id: 2, roles: ['rd_supervisor'] };
const flavorist = { id: 3, roles: ['rd_flavorist'] };
const qc = { id: 4, roles: ['rd_quality_control'] };
const admin = { id: 5, roles: ['admin'] };

type Project = WorkflowDoc & RdProjectFacts;
type Sample = WorkflowDoc & RdSampleFacts;

const project = (event: string, doc: Project, user = supervisor) =>
  decide(rdProjectMachine, RD_PROJECT_TRANSITIONS, event, user, doc);
const sample = (event: string, doc: Sample, user = supervisor) =>
  decide(rdSampleMachine, RD_SAMPLE_TRANSITIONS, event, user, doc);

describe('R&D project machine', () => {
  it('starts in draft; the requester submits, the supervisor does not', () => {
    expect(createActor(rdProjectMachine).start().getSnapshot().value).toBe('draft');
    expect(project('submit', { status: 'draft' }, requester)).toEqual({
      kind: 'ok',
      to: 'submitted',
    });
    expect(project('submit', { status: 'draft' }).kind).toBe('forbidden');
  });

  it('is approved or rejected by the supervisor only', () => {
    expect(project('approve', { status: 'submitted' })).toEqual({ kind: 'ok', to: 'approved' });
    expect(project('reject', { status: 'submitted' })).toEqual({ kind: 'ok', to: 'rejected' });
    expect(project('approve', { status: 'submitted' }, requester).kind).toBe('forbidden');
    expect(project('approve', { status: 'draft' }).kind).toBe('unmapped');
  });

  it('completes only with an approved sample', () => {
    expect(project('complete', { status: 'in_development', approved_samples: 0 })).toEqual({
      kind: 'refused',
      reason: 'No sample of this project is approved yet',
    });
    expect(project('complete', { status: 'in_development', approved_samples: 1 })).toEqual({
      kind: 'ok',
      to: 'completed',
    });
    expect(project('complete', { status: 'approved', approved_samples: 1 }).kind).toBe('unmapped');
  });

  it('holds, resumes and cancels with a reason', () => {
    expect(project('hold', { status: 'in_development' })).toEqual({ kind: 'ok', to: 'on_hold' });
    expect(project('resume', { status: 'on_hold' })).toEqual({ kind: 'ok', to: 'approved' });
    const bar = allowedRdProjectActions({ status: 'on_hold' }, supervisor);
    expect(bar.map((a) => [a.event, a.needsReason])).toEqual([
      ['resume', false],
      ['cancel', true],
    ]);
    expect(project('cancel', { status: 'completed' }).kind).toBe('unmapped');
  });
});

describe('R&D sample machine', () => {
  it('starts requested; the flavorist develops it once its project is approved', () => {
    expect(createActor(rdSampleMachine).start().getSnapshot().value).toBe('requested');
    expect(
      sample('start_develop', { status: 'requested', project_status: 'in_development' }, flavorist),
    ).toEqual({ kind: 'ok', to: 'in_preparation' });
    expect(
      sample('start_develop', { status: 'requested', project_status: 'on_hold' }, flavorist),
    ).toEqual({ kind: 'refused', reason: 'The project is on hold: it must be approved first' });
    expect(sample('start_develop', { status: 'requested' }, qc).kind).toBe('forbidden');
  });

  it('is prepared only with a valid formula, saying why not', () => {
    expect(
      sample('prepare', { status: 'in_preparation', formula_problem: 'more100%' }, flavorist),
    ).toEqual({ kind: 'refused', reason: 'The ingredients add up to more than 100 %' });
    expect(
      sample('prepare', { status: 'in_preparation', formula_problem: null }, flavorist),
    ).toEqual({ kind: 'ok', to: 'prepared' });
  });

  it('is sent by quality control with complete specifications', () => {
    expect(sample('send', { status: 'prepared', specs_missing: 'density' }, qc)).toEqual({
      kind: 'refused',
      reason: 'Specifications missing: density',
    });
    expect(sample('send', { status: 'prepared', specs_missing: null }, qc)).toEqual({
      kind: 'ok',
      to: 'sent',
    });
    expect(sample('send', { status: 'prepared', specs_missing: null }, flavorist).kind).toBe(
      'forbidden',
    );
  });

  it('closes an evaluation once one is saved, and the supervisor decides', () => {
    expect(sample('start_evaluation', { status: 'sent' }, qc)).toEqual({
      kind: 'ok',
      to: 'in_evaluation',
    });
    expect(sample('evaluate', { status: 'in_evaluation', evaluation_count: 0 }).kind).toBe(
      'refused',
    );
    expect(sample('evaluate', { status: 'in_evaluation', evaluation_count: 2 })).toEqual({
      kind: 'ok',
      to: 'feedback_received',
    });
    for (const [event, to] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
      ['request_revision', 'revision_requested'],
    ] as const) {
      expect(sample(event, { status: 'feedback_received' })).toEqual({ kind: 'ok', to });
      expect(sample(event, { status: 'feedback_received' }, qc).kind).toBe('forbidden');
    }
  });

  it('cancels open samples only, with a reason, by the supervisor or admin', () => {
    for (const status of ['requested', 'prepared', 'feedback_received']) {
      expect(sample('cancel', { status }, admin)).toEqual({ kind: 'ok', to: 'cancelled' });
    }
    expect(sample('cancel', { status: 'approved' }).kind).toBe('unmapped');
    const cancel = allowedRdSampleActions({ status: 'requested' }, supervisor).find(
      (a) => a.event === 'cancel',
    );
    expect(cancel).toMatchObject({ allowed: true, needsReason: true });
  });
});
