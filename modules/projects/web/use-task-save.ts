import { useState } from 'react';
import { fieldErrors } from '../../../src/api/api-error.ts';
import type { EntityApi } from '../../../src/api/entity.api.ts';
import { validationMessage } from '../../../src/domain/validation-codes.ts';
import { staleNoticeOf } from '../../../src/views/common/entity-form/stale-version.ts';
import type { TaskRow } from '../shared/entities/pm-tasks.entity.ts';

// One change of a task from the timeline (new dates, new predecessors), saved through the task's
// own versioned update (docs/domain/README.md §0). The row on screen stays as it was until the
// live list brings the saved version; a refusal is kept to be shown beside the chart: the
// rule's own sentence, or who saved the task first when the version was stale.

export type TaskSave = {
  /** The sentence of the last refusal, or null. */
  failure: string | null;
  saving: boolean;
  /** True when saved; false (and `failure` set) when refused. */
  save(task: TaskRow, values: Record<string, unknown>): Promise<boolean>;
  clear(): void;
};

function refusal(task: TaskRow, error: unknown): string {
  const stale = staleNoticeOf(error);
  if (stale) {
    const who = stale.name ?? 'Someone else';
    return `${who} changed "${task.title}" meanwhile: nothing was saved, the timeline now shows their version. Try again on it.`;
  }
  const messages = Object.values(fieldErrors(error)).map(validationMessage);
  if (messages.length > 0) return `"${task.title}" was not changed: ${messages.join('; ')}`;
  return `"${task.title}" was not changed: the server did not answer. Try again.`;
}

export function useTaskSave(api: EntityApi): TaskSave {
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  return {
    failure,
    saving,
    clear: () => setFailure(null),
    save: async (task, values) => {
      setSaving(true);
      setFailure(null);
      try {
        await api.update(task.id, task.version, values);
        return true;
      } catch (error) {
        setFailure(refusal(task, error));
        return false;
      } finally {
        setSaving(false);
      }
    },
  };
}
