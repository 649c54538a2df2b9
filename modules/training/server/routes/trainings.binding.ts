import { sql } from 'drizzle-orm';
import { TRAININGS } from '../../shared/entities/trainings.entity.ts';
import { trainingProjects, trainings } from '../db/training.schema.ts';
import { users } from '../../../../server/db/schema/users.ts';
import {
  qualified,
  refLabel,
  type EntityBinding,
} from '../../../../server/http/entity/entity-binding.ts';
import { plantToday } from '../../../../server/db/plant-time.ts';
import { documentFile, documentLabel } from './training-bindings.ts';

// Trainings on the entity pattern, read-only through it: they are made by assigning
// (training-assign.routes.ts) and changed by their workflow's events (training-events.routes.ts).

export const trainingsBinding: EntityBinding = {
  entity: TRAININGS,
  table: trainings,
  ownWrites: true,
  computed: {
    trainee_name: refLabel(trainings.traineeId, users),
    document_label: documentLabel(qualified(trainings.trainingDocumentId)),
    project_name: refLabel(trainings.trainingProjectId, trainingProjects),
    trainer_name: refLabel(trainings.trainerId, users),
    verified_by_name: refLabel(trainings.verifiedBy, users),
    // The revision's file, which its trainee reads (attachment-holders.ts) and opens from here.
    document_file_name: documentFile(qualified(trainings.trainingDocumentId), 'file_name'),
    document_file_token: documentFile(qualified(trainings.trainingDocumentId), 'token'),
    // Overdue as a person reads it: the night marks the status, the day already shows it.
    is_overdue: sql<boolean>`(${qualified(trainings.status)} = 'overdue'
      or (${qualified(trainings.status)} in ('assigned', 'in_progress')
          and ${qualified(trainings.dueDate)} < ${plantToday}))`,
  },
};
