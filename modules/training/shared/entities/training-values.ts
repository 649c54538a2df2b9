// The statuses of Training (docs/domain/training.md §8) and the module's one realtime channel.

/** draft → approved → effective → superseded (by its next revision) | obsolete. */
export const TRAINING_DOCUMENT_STATUSES = [
  'draft',
  'approved',
  'effective',
  'superseded',
  'obsolete',
] as const;
export type TrainingDocumentStatus = (typeof TRAINING_DOCUMENT_STATUSES)[number];

/**
 * assigned → in_progress (the trainee signs) → completed | failed (the trainer's score against
 * the pass mark) → verified (QA); overdue past the due date (still completable); failed →
 * assigned again; cancelled with a reason.
 */
export const TRAINING_STATUSES = [
  'assigned',
  'in_progress',
  'overdue',
  'completed',
  'failed',
  'verified',
  'cancelled',
] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];

/** Trainings still to be done by their trainee (counted as due, marked overdue at night). */
export const OPEN_TRAINING_STATUSES = ['assigned', 'in_progress', 'overdue'] as const;

/** What a training log row records. */
export const TRAINING_LOG_EVENTS = [
  'assigned',
  'opened',
  'signed',
  'completed',
  'failed',
  'verified',
  'reassigned',
  'cancelled',
  'overdue',
  'retraining',
] as const;
export type TrainingLogEvent = (typeof TRAINING_LOG_EVENTS)[number];

/**
 * Every Training list and event is broadcast on the module's one channel
 * (docs/domain/training.md §8).
 */
export const TRAINING_CHANNEL = 'private-training';

/** The `training.*` settings and the value the rules use while one was never saved. */
export const TRAINING_SETTING_DEFAULTS = {
  'training.pass_mark': 80,
  'training.retraining_interval_months': 12,
  'training.overdue_notice_days': 14,
} as const;
export type TrainingSettingKey = keyof typeof TRAINING_SETTING_DEFAULTS;
