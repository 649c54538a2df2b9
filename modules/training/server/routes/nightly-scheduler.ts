import type { FastifyInstance } from 'fastify';
import { TRAININGS } from '../../shared/entities/trainings.entity.ts';
import { rowOf } from '../../../../src/domain/entity/row-of.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import { runNightlyTraining } from '../db/nightly-training.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import { readOrFail } from '../../../../server/http/entity/entity-routes.ts';
import { publishTraining } from './publish-training.ts';

// The in-process scheduler of the nightly training pass: checked every hour, run once per UTC
// day (the first check of a day, and at start so a server down overnight catches up). The pass
// is idempotent, so two processes running it on one database change nothing twice. Off in
// test servers (PLANTLINE_NIGHTLY=0): tests call runNightlyTraining with the day they need.

const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Runs the pass for `now` and announces every training it changed. */
export async function nightlyTrainingPass(
  deps: AppDeps,
  binding: ResolvedBinding,
  now: Date,
): Promise<{ overdue: number[]; retraining: number[] }> {
  const outcome = await runNightlyTraining(deps.database.db, now);
  for (const id of [...outcome.overdue, ...outcome.retraining]) {
    const row = await readOrFail(deps.database.db, binding, id);
    await publishTraining(deps, 'updated', rowOf(TRAININGS, row));
  }
  return outcome;
}

export function startNightlyTraining(
  app: FastifyInstance,
  deps: AppDeps,
  binding: ResolvedBinding,
): void {
  let lastDay = '';
  const check = () => {
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    if (day === lastDay) return;
    lastDay = day;
    nightlyTrainingPass(deps, binding, now).catch((error: unknown) => {
      lastDay = '';
      app.log.error({ err: error }, 'nightly training pass failed; retried at the next check');
    });
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => check());
  app.addHook('onClose', async () => clearInterval(timer));
}
