// R&D (docs/domain/rd.md §7): the statuses, verdicts and channels the schema, the machines, the
// server and the screens share.

export const RD_PROJECT_STATUSES = [
  'draft',
  'submitted',
  'approved',
  'rejected',
  'in_development',
  'completed',
  'on_hold',
  'cancelled',
] as const;

export const RD_SAMPLE_STATUSES = [
  'requested',
  'in_preparation',
  'prepared',
  'sent',
  'in_evaluation',
  'feedback_received',
  'approved',
  'rejected',
  'revision_requested',
  'cancelled',
] as const;

/** Samples still moving: a supervisor may cancel them (docs/domain/rd.md §7 "open → cancelled"). */
export const RD_OPEN_SAMPLE_STATUSES = [
  'requested',
  'in_preparation',
  'prepared',
  'sent',
  'in_evaluation',
  'feedback_received',
] as const;

export const RD_VERDICTS = ['approve', 'revise', 'reject'] as const;

export const RD_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

export const RD_NICOTINE_TYPES = ['freebase', 'salt'] as const;

export const RD_PROJECTS_CHANNEL = 'private-rd.projects';
export const RD_SAMPLES_CHANNEL = 'private-rd.samples';
