import type { FastifyInstance } from 'fastify';
import { rdProjectDoc } from '../../shared/entities/rd-projects.entity.ts';
import {
  RD_PROJECT_TRANSITIONS,
  rdProjectMachine,
} from '../../shared/machines/rd-project.machine.ts';
import type { AppDeps } from '../../../../server/app-deps.ts';
import type { ResolvedBinding } from '../../../../server/http/entity/entity-binding.ts';
import { registerEntityRoutes } from '../../../../server/http/entity/entity-routes.ts';
import { registerWorkflowEventRoute } from '../../../../server/http/entity/workflow-event-route.ts';
import { rdProjectsBinding } from './rd-projects.binding.ts';

// R&D projects: the entity routes (drafts) and the workflow events (submit, approve, reject,
// complete, hold, resume, cancel), each one transaction with its status_transitions row, then
// `project.updated` on private-rd.projects. A project resumed with samples is in development
// again (the rule that moves an approved project on at its first sample).

export function registerRdProjectRoutes(app: FastifyInstance, deps: AppDeps): ResolvedBinding {
  const binding = registerEntityRoutes(app, deps, rdProjectsBinding);

  registerWorkflowEventRoute(app, deps, {
    binding,
    machine: rdProjectMachine,
    table: RD_PROJECT_TRANSITIONS,
    summary:
      'Send an R&D project event (submit, approve, reject, complete, hold, resume, cancel); send the version you read',
    arrive: ({ event, to, doc }) =>
      event === 'resume' && (rdProjectDoc(doc).sample_count ?? 0) > 0 ? 'in_development' : to,
    effect: ({ event, actor }) => (event === 'submit' ? { submittedBy: actor.id } : {}),
  });
  return binding;
}
