import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { canUseArea } from '../../../../src/domain/area-modules.ts';
import { MY_TRAININGS, TRAININGS } from '../../shared/entities/trainings.entity.ts';
import type { TrainingLogEvent } from '../../shared/entities/training-values.ts';
import { eventRolesOf } from '../../../../src/machines/workflows/document-workflow.ts';
import {
  decideTraining,
  TRAINING_TRANSITIONS,
  type TrainingFacts,
} from '../../shared/machines/training.machine.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { SessionUser } from '../../../../server/auth/session-user.ts';
import type { Tx } from '../../../../server/db/client.ts';
import { trainings } from '../db/training.schema.ts';
import { logTraining } from '../db/training-log.ts';
import { trainingSetting } from '../db/training-settings.ts';
import { ApiError, ruleError, validationError } from '../../../../server/errors/api-error.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import { runEvent } from '../../../../server/http/entity/event-pipeline.ts';
import { entityRowSchema } from '../../../../server/http/entity/entity-row-schema.ts';
import { addRoute, signedIn } from '../../../../server/http/route.ts';
import { idParams, versionField } from '../../../../server/http/routes/common-fields.ts';
import { publishTraining } from './publish-training.ts';
import { rowOf, type RowOf } from '../../../../src/domain/entity/row-of.ts';

// A training's events (training.machine.ts). Checked in the order of every write: the role
// (403), then whose training it is (a trainee reaches only their own: 404 for another's), the
// version (409), the guards (422 under `status`: a revision's file opened before it is
// signed), then what the event asks: the typed name of a signature, the score of a result, the
// reason of a cancel. `open` is sent by the trainee's screen once it has the file in hand. Each runs through the one event
// pipeline (event-pipeline.ts).

const eventBody = z.strictObject({
  version: versionField,
  reason: z.string().trim().max(500).optional(),
  score: z.coerce.number().min(0).max(100).optional(),
  signature: z.string().trim().max(120).optional(),
});
type EventBody = z.infer<typeof eventBody>;

const LOGGED: Readonly<Record<string, TrainingLogEvent>> = {
  open: 'opened',
  sign: 'signed',
  complete: 'completed',
  fail: 'failed',
  verify: 'verified',
  reassign: 'reassigned',
  cancel: 'cancelled',
  retrain: 'retraining',
};

/** Whether the name typed matches the account's, ignoring case and runs of spaces. */
const sameName = (typed: string, name: string) =>
  typed.trim().replace(/\s+/g, ' ').toLowerCase() ===
  name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The columns an event sets beside the status. */
function changes(event: string, actor: SessionUser, body: EventBody, passMark: number) {
  const now = sql`now()`;
  switch (event) {
    case 'open':
      // The first opening is the one signing waits for; later ones are in the log.
      return { documentOpenedAt: sql`coalesce(${trainings.documentOpenedAt}, now())` };
    case 'sign':
      return { signedAt: now };
    case 'complete':
    case 'fail':
      return {
        score: String(body.score),
        passMark: String(passMark),
        trainerId: actor.id,
        completedAt: now,
      };
    case 'verify':
      return { verifiedBy: actor.id, verifiedAt: now };
    case 'reassign':
    case 'retrain':
      return {
        score: null,
        passMark: null,
        trainerId: null,
        documentOpenedAt: null,
        signedAt: null,
        completedAt: null,
        verifiedBy: null,
        verifiedAt: null,
      };
    case 'cancel':
      return { cancelReason: body.reason ?? null };
    default:
      return {};
  }
}

/** What the event asks beyond the guards, refused as the form's fields. */
function checkAsked(event: string, actor: SessionUser, body: EventBody, needsReason: boolean) {
  if (event === 'sign') {
    if (!body.signature) throw validationError({ signature: 'required' });
    if (!sameName(body.signature, actor.name)) {
      // The account's name is not told: whoever holds the screen learns nothing by guessing.
      throw ruleError('signature', 'This is not the full name on your account');
    }
  }
  if ((event === 'complete' || event === 'fail') && body.score === undefined) {
    throw validationError({ score: 'required' });
  }
  if (needsReason && !body.reason) throw validationError({ reason: 'required' });
}

async function applyEvent(
  tx: Tx,
  binding: ResolvedBinding,
  actor: SessionUser,
  params: { id: number; event: string },
  body: EventBody,
): Promise<RowOf<typeof TRAININGS>> {
  const passMark = await trainingSetting(tx, 'training.pass_mark');
  const facts = { score: body.score ?? null, pass_mark: passMark };
  // The event the machine takes, whatever the status: a result below the pass mark is `fail`,
  // and is logged so.
  const event = decideTraining(params.event, actor, { status: '', ...facts }).event;
  const { row } = await runEvent(
    tx,
    {
      binding,
      decide: ({ doc }) => {
        const row = rowOf(TRAININGS, doc);
        // A trainee reads only their own trainings: another's is as if it did not exist.
        if (!canUseArea(actor, 'training_trainer') && row.trainee_id !== actor.id) {
          throw new ApiError('not_found');
        }
        // The guards read the moments for whether they are set, a Date or its text alike.
        return decideTraining(event, actor, {
          ...(row as typeof row & TrainingFacts & { status: string }),
          ...facts,
        });
      },
      effect: async ({ doc }) => {
        const rule = TRAINING_TRANSITIONS[String(doc.status)]?.[event];
        checkAsked(event, actor, body, rule?.needsReason ?? false);
        await logTraining(tx, [params.id], {
          event: LOGGED[event] ?? 'assigned',
          note:
            event === 'complete' || event === 'fail'
              ? `Score ${body.score} (pass mark ${passMark})`
              : (body.reason ?? null),
          signature: event === 'sign' ? (body.signature ?? null) : null,
          actorId: actor.id,
        });
        return { set: changes(event, actor, body, passMark) };
      },
    },
    { id: params.id, event, version: body.version, reason: body.reason ?? null, actor, input: {} },
  );
  return rowOf(TRAININGS, row);
}

export function registerTrainingEventRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  binding: ResolvedBinding,
): void {
  const { db } = deps.database;
  // The same events under "My trainings", whose screen sends them where it reads its rows.
  for (const api of [TRAININGS.api, MY_TRAININGS.api]) registerEventRoute(api);
  function registerEventRoute(api: string): void {
    addRoute(app, {
      method: 'POST',
      url: `${api}/:id/events/:event`,
      // Trainees sign their own; the machine's roles and guards decide the rest.
      access: { area: 'training_self' },
      callers: { events: eventRolesOf(TRAINING_TRANSITIONS) },
      summary:
        'Send a training event (sign with your typed full name; complete with a score: below the pass mark it fails; verify; reassign; cancel with a reason); send the version you read',
      params: idParams.extend({ event: z.string().regex(/^[a-z_]{2,40}$/) }),
      body: eventBody,
      response: entityRowSchema(TRAININGS),
      handler: async ({ params, body, user }) => {
        const actor = signedIn(user);
        const row = await db.transaction((tx) => applyEvent(tx, binding, actor, params, body));
        await publishTraining(deps, 'updated', row);
        return row;
      },
    });
  }
}
